package io.partita.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DynamoDbJsonTest {
    @Test
    void every_type_round_trips_through_wire_json() {
        Map<String, AttributeValue> item = Map.of(
                "s",
                AttributeValue.s("x"),
                "n",
                AttributeValue.n("-1.5E+3"),
                "b",
                AttributeValue.b(new byte[] {1, 2}),
                "bool",
                AttributeValue.bool(true),
                "null",
                AttributeValue.nul(),
                "l",
                AttributeValue.l(AttributeValue.s("a"), AttributeValue.n(1)),
                "m",
                AttributeValue.m(Map.of("k", AttributeValue.s("v"))),
                "ss",
                AttributeValue.ss("a", "b"),
                "ns",
                AttributeValue.nsOf("1", "2"),
                "bs",
                AttributeValue.bs(List.of(Bytes.copyOf(new byte[] {3}))));
        assertThat(DynamoDbJson.itemFromJson(DynamoDbJson.itemToJson(item))).isEqualTo(item);
        assertThat(DynamoDbJson.toJson(AttributeValue.n(7)).toString()).isEqualTo("{\"N\":\"7\"}");
    }
}
