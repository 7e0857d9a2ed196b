package io.partita.io;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Partita;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DynamoDbJsonLinesTest {
    private final Partita source = Partita.inMemory();
    private final Partita target = Partita.inMemory();

    @AfterEach
    void close() {
        source.close();
        target.close();
    }

    private static void createTable(Partita db) {
        db.createTableIfMissing(TableDefinition.builder("Things")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .build());
    }

    private static Map<String, AttributeValue> everyType() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", s("all"));
        item.put("sk", n(1));
        item.put("s", s("héllo \"quoted\" \n line"));
        item.put("n", n(new BigDecimal("-12.5E+3")));
        item.put("b", AttributeValue.b(new byte[] {0, 1, 2, (byte) 255}));
        item.put("bool", AttributeValue.bool(true));
        item.put("null", AttributeValue.nul());
        item.put("l", AttributeValue.l(s("x"), n(2), AttributeValue.l(), AttributeValue.m(Map.of("k", s("v")))));
        item.put("m", AttributeValue.m(Map.of("inner", AttributeValue.m(Map.of("deep", AttributeValue.bool(false))))));
        item.put("ss", AttributeValue.ss("a", "b"));
        item.put("ns", AttributeValue.nsOf("1", "2.5"));
        item.put("bs", AttributeValue.bs(List.of(Bytes.copyOf(new byte[] {1}), Bytes.copyOf(new byte[] {2, 3}))));
        return item;
    }

    private static Map<String, AttributeValue> get(Partita db, String pk, long sk) {
        return db.backend()
                .getItem(GetItemRequest.builder()
                        .tableName("Things")
                        .key(Map.of("pk", s(pk), "sk", n(sk)))
                        .build())
                .item();
    }

    @Test
    void roundTripKeepsEveryAttributeType() {
        createTable(source);
        createTable(target);
        source.backend()
                .putItem(PutItemRequest.builder()
                        .tableName("Things")
                        .item(everyType())
                        .build());
        String exported = DynamoDbJsonLines.exportToString(source, "Things");
        assertThat(exported).startsWith("{\"Item\":{").endsWith("}\n").hasLineCount(1);
        assertThat(DynamoDbJsonLines.importTable(target, "Things", new StringReader(exported)))
                .isEqualTo(1);
        assertThat(get(target, "all", 1)).isEqualTo(everyType());
        assertThat(DynamoDbJsonLines.exportToString(target, "Things")).isEqualTo(exported);
    }

    @Test
    void exportPagesThroughTheWholeTableAndImportBatchesBy25() {
        createTable(source);
        createTable(target);
        String big = "x".repeat(300_000); // 4 items per 1 MB page: the scan must paginate
        for (int i = 0; i < 60; i++) {
            source.backend()
                    .putItem(PutItemRequest.builder()
                            .tableName("Things")
                            .item(Map.of("pk", s("p" + (i % 7)), "sk", n(i), "blob", s(i % 10 == 0 ? big : "small")))
                            .build());
        }
        String exported = DynamoDbJsonLines.exportToString(source, "Things");
        assertThat(exported.lines()).hasSize(60);
        assertThat(new HashSet<>(exported.lines().toList())).hasSize(60);
        assertThat(DynamoDbJsonLines.importTable(target, "Things", new StringReader(exported)))
                .isEqualTo(60);
        assertThat(DynamoDbJsonLines.exportToString(target, "Things").lines()).hasSize(60);
        assertThat(get(target, "p3", 10).get("blob")).isEqualTo(s(big));
    }

    @Test
    void importAcceptsAJsonArrayOfWrappedOrBareItemsAndBlankLines() {
        createTable(target);
        String array = """
                [
                  {"Item": {"pk": {"S": "a"}, "sk": {"N": "1"}}},
                  {"pk": {"S": "b"}, "sk": {"N": "2"}, "Item": {"S": "an attribute called Item"}}
                ]
                """;
        assertThat(DynamoDbJsonLines.importTable(target, "Things", new StringReader(array)))
                .isEqualTo(2);
        assertThat(get(target, "b", 2)).containsEntry("Item", s("an attribute called Item"));
        String lines = "\n{\"Item\":{\"pk\":{\"S\":\"c\"},\"sk\":{\"N\":\"3\"}}}\n\n";
        assertThat(DynamoDbJsonLines.importTable(target, "Things", new StringReader(lines)))
                .isEqualTo(1);
        assertThat(get(target, "c", 3)).isNotNull();
    }

    @Test
    void malformedJsonNamesTheLine() {
        createTable(target);
        String input = "{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}\n{\"Item\":{\"pk\":{\"S\":\"b\"},";
        assertThatThrownBy(() -> DynamoDbJsonLines.importTable(target, "Things", new StringReader(input)))
                .isInstanceOfSatisfying(
                        DynamoDbJsonLines.ImportException.class,
                        e -> assertThat(e.line()).isEqualTo(2))
                .hasMessageStartingWith("line 2: not valid JSON");
    }

    @Test
    void aLineWithoutTheItemWrapperOrWithAnUnknownTypeNamesTheLine() {
        createTable(target);
        assertThatThrownBy(() ->
                        DynamoDbJsonLines.importTable(target, "Things", new StringReader("{\"pk\":{\"S\":\"a\"}}")))
                .hasMessageStartingWith("line 1: expected an export line {\"Item\":{...}}");
        String badType =
                "{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}\n\n{\"Item\":{\"pk\":{\"STRING\":\"a\"}}}";
        assertThatThrownBy(() -> DynamoDbJsonLines.importTable(target, "Things", new StringReader(badType)))
                .hasMessageStartingWith("line 3: unknown attribute type 'STRING'");
        String badArray = "[\n{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}},\n\"oops\"\n]";
        assertThatThrownBy(() -> DynamoDbJsonLines.importTable(target, "Things", new StringReader(badArray)))
                .isInstanceOfSatisfying(
                        DynamoDbJsonLines.ImportException.class,
                        e -> assertThat(e.line()).isEqualTo(3));
    }

    @Test
    void importTakesDynamoDbsFormOnlyAndNamesTheLineAndTheValue() {
        createTable(target);
        String number = "{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":1}}}";
        assertThatThrownBy(() -> DynamoDbJsonLines.importTable(target, "Things", new StringReader(number)))
                .isInstanceOf(DynamoDbJsonLines.ImportException.class)
                .hasMessage("line 1: Unexpected value type for N: expected a string");
        String nested = "[\n{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}},\n"
                + "{\"Item\":{\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"2\"},\"m\":{\"M\":{\"x\":{\"STRING\":\"y\"}}}}}\n]";
        assertThatThrownBy(() -> DynamoDbJsonLines.importTable(target, "Things", new StringReader(nested)))
                .hasMessage("line 3: unknown attribute type 'STRING' in /Item/m/M/x");
        String empty = "{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"},\"ss\":{\"SS\":[]}}}";
        assertThatThrownBy(() -> DynamoDbJsonLines.importTable(target, "Things", new StringReader(empty)))
                .hasMessage("line 1: One or more parameter values were invalid: An string set  may not be empty");
    }

    @Test
    void anItemTheTableRejectsFailsWithTheCoresError() {
        createTable(target);
        assertThatThrownBy(() -> DynamoDbJsonLines.importTable(
                        target, "Things", new StringReader("{\"Item\":{\"pk\":{\"S\":\"a\"}}}")))
                .hasMessageContaining("sk");
    }
}
