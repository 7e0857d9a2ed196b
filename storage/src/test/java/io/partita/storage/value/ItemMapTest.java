package io.partita.storage.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The core's item type: a Map like any other, immutable, and no way around the core's item validation. */
class ItemMapTest {

    @Test
    void behavesAsAnImmutableMapInInsertionOrder() {
        ItemMap item = ItemMap.builder(2)
                .add("b", AttributeValue.n(2))
                .add("a", AttributeValue.s("x"))
                .build();
        Map<String, AttributeValue> same = new LinkedHashMap<>();
        same.put("b", AttributeValue.n(2));
        same.put("a", AttributeValue.s("x"));
        assertThat(item).isEqualTo(same).hasSameHashCodeAs(same);
        assertThat(item.keySet()).containsExactly("b", "a");
        assertThat(item.with("a", AttributeValue.s("y")).get("a")).isEqualTo(AttributeValue.s("y"));
        assertThat(item.get("a")).isEqualTo(AttributeValue.s("x"));
        assertThatThrownBy(() -> item.put("c", AttributeValue.n(1))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void buildWithALayoutSharesTheNamesOnlyWhenTheyMatchInOrder() {
        ItemMap layout = ItemMap.builder(2)
                .add("pk", AttributeValue.s("a"))
                .add("n", AttributeValue.n(1))
                .build();
        ItemMap same = ItemMap.builder(2)
                .add("pk", AttributeValue.s("b"))
                .add("n", AttributeValue.n(2))
                .build(layout);
        assertThat(same.sharesLayoutWith(layout)).isTrue();
        assertThat(same).containsExactly(Map.entry("pk", AttributeValue.s("b")), Map.entry("n", AttributeValue.n(2)));
        ItemMap otherOrder = ItemMap.builder(2)
                .add("n", AttributeValue.n(2))
                .add("pk", AttributeValue.s("b"))
                .build(layout);
        assertThat(otherOrder.sharesLayoutWith(layout)).isFalse();
        assertThat(otherOrder).isEqualTo(same);
        ItemMap fewer = ItemMap.builder(2).add("pk", AttributeValue.s("c")).build(layout);
        assertThat(fewer.sharesLayoutWith(layout)).isFalse();
        assertThat(fewer).containsExactly(Map.entry("pk", AttributeValue.s("c")));
        assertThat(ItemMap.builder(1).add("pk", AttributeValue.s("d")).build(null))
                .containsExactly(Map.entry("pk", AttributeValue.s("d")));
    }

    @Test
    void builderRemovesAndReplacesKeepingOrder() {
        ItemMap item = ItemMap.builder(1)
                .add("a", AttributeValue.n(1))
                .add("b", AttributeValue.n(2))
                .add("c", AttributeValue.n(3))
                .remove("b")
                .put("a", AttributeValue.n(9))
                .put("d", AttributeValue.n(4))
                .build();
        assertThat(item.keySet()).containsExactly("a", "c", "d");
        assertThat(item.get("a")).isEqualTo(AttributeValue.n(9));
    }

    @Test
    void nullNamesAndValuesAreRefusedAndAnEmptyNameIsRejectedByTheCore() {
        assertThatThrownBy(() -> ItemMap.builder(1).add("a", null)).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> ItemMap.builder(1).put(null, AttributeValue.n(1)))
                .isInstanceOf(ValidationException.class);
        try (Storage db = Storage.inMemory()) {
            db.createTable(TableDefinition.builder("Items")
                    .partitionKey(KeyAttribute.s("pk"))
                    .build());
            ItemMap bad = ItemMap.builder(2)
                    .add("pk", AttributeValue.s("k"))
                    .add("", AttributeValue.n(1))
                    .build();
            assertThatThrownBy(() -> db.putItem(PutItemRequest.builder()
                            .tableName("Items")
                            .item(bad)
                            .build()))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining("attribute name may not be empty");
            assertThat(db.scan(ScanRequest.builder().tableName("Items").build()).items())
                    .isEmpty();
        }
    }
}
