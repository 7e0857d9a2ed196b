package io.partita.migration;

import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.Map;

/**
 * Two key changes of the shop of {@link ShopDesign}, written by hand as generated code would be.
 *
 * <ul>
 *   <li>{@link #COPY_PLAN}: the table's key schema changes from {@code PK}/{@code SK} to {@code Customer}/{@code Id}
 *       (a {@code TABLE_KEY} change), with the index {@code ByTotal}, time to live on {@code Expires} and a stream, and
 *       the amount renamed to {@code Total}: the items are copied into a new table.
 *   <li>{@link #INDEX_PLAN}: the index {@code ByCustomer}, deployed on {@code Customer}/{@code Id}, is keyed on
 *       {@code GSI1PK} ({@code C#<customer>}) / {@code Total} in the new design (an {@code INDEX_KEY} change): it is
 *       deleted and created anew, and every item gets its new index key.
 * </ul>
 */
final class KeyChangeDesign {
    static final TableDefinition COPIED = TableDefinition.builder(ShopDesign.TABLE)
            .partitionKey(KeyAttribute.s("Customer"))
            .sortKey(KeyAttribute.s("Id"))
            .globalSecondaryIndex(
                    GlobalSecondaryIndex.of("ByTotal", KeyAttribute.s("Id"), KeyAttribute.n("Total"), Projection.all()))
            .timeToLive("Expires")
            .stream(StreamViewType.NEW_IMAGE)
            .build();

    static final EntityMapping<ShopDesign.Order> COPIED_ORDER = EntityMapping.builder(COPIED, ShopDesign.SCHEMA)
            .discriminator("_type", "ORDER")
            .build();

    static final MigrationPlan COPY_PLAN = MigrationPlan.builder(ShopDesign.TABLE)
            .entity("shop.Order", COPIED_ORDER)
            .step(MigrationStep.renamedAttribute("shop.Order", "Amount", "Total"))
            .step(
                    "TABLE_KEY",
                    "",
                    "shop.Order",
                    "{\"partitionKey\":\"PK:S\",\"sortKey\":\"SK:S\"}",
                    "{\"partitionKey\":\"Customer:S\",\"sortKey\":\"Id:S\"}")
            .build();

    static final TableDefinition DEPLOYED_INDEX = ShopDesign.V2;

    static final TableDefinition REKEYED_INDEX = ShopDesign.V1.toBuilder()
            .globalSecondaryIndex(GlobalSecondaryIndex.of(
                    "ByCustomer", KeyAttribute.s("GSI1PK"), KeyAttribute.n("Total"), Projection.all()))
            .build();

    static final EntityMapping<ShopDesign.Order> REKEYED_ORDER = EntityMapping.builder(REKEYED_INDEX, ShopDesign.SCHEMA)
            .computed("PK", o -> AttributeValue.s("CUSTOMER#" + o.customer()), "Customer")
            .computed("SK", o -> AttributeValue.s("ORDER#" + o.id()), "Id")
            .computed("GSI1PK", o -> AttributeValue.s("C#" + o.customer()), "Customer")
            .discriminator("_type", "ORDER")
            .build();

    static final MigrationPlan INDEX_PLAN = MigrationPlan.builder(ShopDesign.TABLE)
            .entity("shop.Order", REKEYED_ORDER)
            .step("INDEX_KEY", "ByCustomer", "shop.Order", null, null)
            .build();

    private KeyChangeDesign() {}

    /** The key of order {@code i} in the copied table. */
    static Map<String, AttributeValue> copiedKey(int i) {
        return Map.of("Customer", AttributeValue.s("c" + i % 7), "Id", AttributeValue.s("o" + i));
    }

    /**
     * Creates the table with the {@code ByCustomer} index as deployed, and stores {@code n} orders in the form of
     * {@link ShopDesign}'s version 2 (under the new key, with {@code Total}), each with an attribute {@code Legacy}
     * that no design declares.
     */
    static void seedIndexed(Partita db, int n) {
        db.tables().create(DEPLOYED_INDEX);
        for (int i = 0; i < n; i++) {
            Map<String, AttributeValue> item = new HashMap<>(ShopDesign.v2Key(i));
            item.put("_type", AttributeValue.s("ORDER"));
            item.put("Id", AttributeValue.s("o" + i));
            item.put("Customer", AttributeValue.s("c" + i % 7));
            item.put("Total", AttributeValue.n(Integer.toString(i * 10)));
            item.put("Legacy", AttributeValue.s("kept " + i));
            db.requests()
                    .putItem(PutItemRequest.builder()
                            .tableName(ShopDesign.TABLE)
                            .item(item)
                            .build());
        }
    }
}
