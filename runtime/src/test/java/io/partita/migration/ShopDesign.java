package io.partita.migration;

import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.Map;

/**
 * A shop table in two versions, written by hand as generated code would be: version 1 stored orders under
 * {@code ORDER#<id>} / {@code ORDER} with the amount in {@code Amount}; version 2 stores them under
 * {@code CUSTOMER#<customer>} / {@code ORDER#<id>} with the amount in {@code Total}, and adds the index
 * {@code ByCustomer}. Items of another type ({@code _type = NOTE}) share the table.
 */
final class ShopDesign {
    static final String TABLE = "Shop";

    record Order(String id, String customer, long total) {}

    static final TableDefinition V1 = TableDefinition.builder(TABLE)
            .partitionKey(KeyAttribute.s("PK"))
            .sortKey(KeyAttribute.s("SK"))
            .build();

    static final TableDefinition V2 = V1.toBuilder()
            .globalSecondaryIndex(GlobalSecondaryIndex.of(
                    "ByCustomer", KeyAttribute.s("Customer"), KeyAttribute.s("Id"), Projection.all()))
            .build();

    static final ItemSchema<Order> SCHEMA = ItemSchema.builder(Order.class)
            .attribute("Id", Order::id, Codecs.STRING)
            .attribute("Customer", Order::customer, Codecs.STRING)
            .attribute("Total", Order::total, Codecs.PRIMITIVE_LONG)
            .build(v -> new Order(v.get(0), v.get(1), v.get(2)));

    static final EntityMapping<Order> ORDER = EntityMapping.builder(V2, SCHEMA)
            .computed("PK", o -> AttributeValue.s("CUSTOMER#" + o.customer()), "Customer")
            .computed("SK", o -> AttributeValue.s("ORDER#" + o.id()), "Id")
            .discriminator("_type", "ORDER")
            .build();

    static final MigrationPlan PLAN = MigrationPlan.builder(TABLE)
            .entity("shop.Order", ORDER)
            .step(MigrationStep.renamedAttribute("shop.Order", "Amount", "Total"))
            .step("INDEX_KEY", "ByCustomer", "shop.Order", null, null)
            .step(
                    "KEY_TEMPLATE",
                    "",
                    "shop.Order",
                    "{\"partition\":\"ORDER#{id}\",\"sort\":\"ORDER\"}",
                    "{\"partition\":\"CUSTOMER#{customer}\",\"sort\":\"ORDER#{id}\"}")
            .build();

    private ShopDesign() {}

    /** Creates the version-1 table and stores {@code n} version-1 orders and {@code notes} items of another type. */
    static void seed(Partita db, int n, int notes) {
        db.tables().create(V1);
        for (int i = 0; i < n; i++) {
            db.requests()
                    .putItem(PutItemRequest.builder()
                            .tableName(TABLE)
                            .item(v1(i))
                            .build());
        }
        for (int i = 0; i < notes; i++) {
            Map<String, AttributeValue> note = new HashMap<>();
            note.put("PK", AttributeValue.s("NOTE#" + i));
            note.put("SK", AttributeValue.s("NOTE"));
            note.put("_type", AttributeValue.s("NOTE"));
            db.requests()
                    .putItem(
                            PutItemRequest.builder().tableName(TABLE).item(note).build());
        }
    }

    static Map<String, AttributeValue> v1(int i) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("PK", AttributeValue.s("ORDER#o" + i));
        item.put("SK", AttributeValue.s("ORDER"));
        item.put("_type", AttributeValue.s("ORDER"));
        item.put("Id", AttributeValue.s("o" + i));
        item.put("Customer", AttributeValue.s("c" + i % 7));
        item.put("Amount", AttributeValue.n(Integer.toString(i * 10)));
        return item;
    }

    /** The version-2 key of order {@code i}. */
    static Map<String, AttributeValue> v2Key(int i) {
        return Map.of("PK", AttributeValue.s("CUSTOMER#c" + i % 7), "SK", AttributeValue.s("ORDER#o" + i));
    }

    static Map<String, AttributeValue> v1Key(int i) {
        return Map.of("PK", AttributeValue.s("ORDER#o" + i), "SK", AttributeValue.s("ORDER"));
    }
}
