package io.partita;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.value.AttributeValue;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CursorTest {
    @Test
    void text_round_trip() {
        Cursor cursor = Cursor.of(Map.of(
                "UserId",
                AttributeValue.s("101"),
                "TopScore",
                AttributeValue.n(5842),
                "Bin",
                AttributeValue.b(new byte[] {-1, 0})));
        String text = cursor.toString();
        assertThat(text).matches("[A-Za-z0-9_-]+");
        assertThat(Cursor.parse(text)).isEqualTo(cursor);
        assertThat(Cursor.parse(text).lastEvaluatedKey()).isEqualTo(cursor.lastEvaluatedKey());
        assertThat(Cursor.parse(text).toString()).isEqualTo(text);
    }

    @Test
    void shard_positions_round_trip() {
        Cursor cursor = Cursor.ofShards(Arrays.asList(Map.of("k", AttributeValue.s("a")), null, Map.of()));
        Cursor back = Cursor.parse(cursor.toString());
        assertThat(back.positions()).hasSize(3);
        assertThat(back.positions().get(1)).isNull();
        assertThat(back.positions().get(2)).isEmpty();
        assertThat(back).isEqualTo(cursor);
        assertThatThrownBy(back::lastEvaluatedKey).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void garbage_is_refused_clearly() {
        assertThatThrownBy(() -> Cursor.parse("not a cursor!"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Not a Partita cursor");
        assertThatThrownBy(() -> Cursor.parse("e30")).isInstanceOf(IllegalArgumentException.class); // "{}"
        assertThatThrownBy(() -> Cursor.of(Map.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pages_expose_items_and_next() {
        Page<String> last = Page.of(java.util.List.of("a"), null);
        assertThat(last.next()).isEmpty();
        assertThat(last.hasNext()).isFalse();
        Page<String> more = Page.of(java.util.List.of(), Cursor.of(Map.of("k", AttributeValue.n(1))));
        assertThat(more.next()).isPresent();
    }
}
