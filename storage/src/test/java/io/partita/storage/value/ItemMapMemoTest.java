package io.partita.storage.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link ItemMap#memo()}: a reader's derived value, not part of the item. */
class ItemMapMemoTest {
    private static ItemMap item() {
        return ItemMap.builder(2)
                .add("pk", AttributeValue.s("a"))
                .add("n", AttributeValue.n(7))
                .build();
    }

    @Test
    void aNewItemHasNoMemoAndKeepsTheLastOneAttached() {
        ItemMap item = item();
        assertThat(item.memo()).isNull();
        Object first = new Object();
        Object second = "second";
        item.memo(first);
        assertThat(item.memo()).isSameAs(first);
        item.memo(second);
        assertThat(item.memo()).isSameAs(second);
        item.memo(null);
        assertThat(item.memo()).isNull();
    }

    @Test
    void theMemoIsNotPartOfTheItem() {
        ItemMap item = item();
        ItemMap same = item();
        item.memo("derived");
        assertThat(item).isEqualTo(same).hasSameHashCodeAs(same);
        assertThat(same.memo()).isNull();
        // every changed copy is a new item without a memo
        assertThat(item.with("n", AttributeValue.n(8)).memo()).isNull();
        assertThat(item.with("x", AttributeValue.s("y")).memo()).isNull();
        assertThat(ItemMap.builder(item.layout())
                        .add("pk", AttributeValue.s("a"))
                        .add("n", AttributeValue.n(7))
                        .build()
                        .memo())
                .isNull();
        assertThat(ItemMap.copyOf(Map.copyOf(item)).memo()).isNull();
    }

    @Test
    void prefetchIsTheSameWithAndWithoutMemos() {
        ItemMap with = item();
        with.memo(new Object());
        ItemMap record = item();
        record.memo(new Holder("x"));
        ItemMap without = item();
        ItemMap.prefetch(List.of(with, record, without, Map.of("pk", AttributeValue.s("b"))));
        with.prefetch();
        without.prefetch();
        assertThat(with).isEqualTo(without);
        assertThat(record.memo()).isEqualTo(new Holder("x"));
    }

    private record Holder(String value) {}
}
