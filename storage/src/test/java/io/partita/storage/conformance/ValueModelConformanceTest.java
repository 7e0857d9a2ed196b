package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.get;
import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.conformance.Fx.queryItems;
import static io.partita.storage.conformance.Fx.repeat;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.b;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import io.partita.storage.value.Items;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB semantics, "Data model": DynamoDB's number rules, sets, item-size accounting, the 400 KB item limit, key
 * size limits, empty-string keys, and key order (S by UTF-8 bytes, N numerically, B unsigned).
 */
class ValueModelConformanceTest {
    private Storage db;

    @BeforeEach
    void open() {
        db = TestStorage.create();
    }

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    private void createKv() {
        db.createTable(TableDefinition.builder("KvTable")
                .partitionKey(KeyAttribute.s("pk"))
                .build());
    }

    // ---- numbers --------------------------------------------------------------------------------------------

    @Test
    @DisplayName("DynamoDB number rule: up to 38 significant digits are accepted, 39 are rejected")
    void numbersHoldAtMost38SignificantDigits() {
        String d38 = "12345678901234567890123456789012345678";
        assertThat(n(d38).asN()).isEqualByComparingTo(new BigDecimal(d38));
        assertThat(n("-0." + d38).asN().precision()).isEqualTo(38);
        assertThatThrownBy(() -> n(d38 + "9"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("38 significant digits");
    }

    @Test
    @DisplayName(
            "DynamoDB number rule: 'Leading and trailing zeroes are trimmed' — trailing zeros do not count as digits")
    void trailingZerosAreNotSignificant() {
        // 1 followed by 45 zeros has one significant digit and is inside the range.
        assertThat(n("1" + repeat('0', 45))).isEqualTo(n("1E+45"));
        assertThat(n("0.000" + "1")).isEqualTo(n("1E-4"));
    }

    @Test
    @DisplayName("DynamoDB number rule: magnitudes from 1E-130 to 9.99..9E+125, positive and negative")
    void numberMagnitudeLimits() {
        String max = "9.9999999999999999999999999999999999999E+125";
        assertThat(n(max)).isNotNull();
        assertThat(n("-" + max)).isNotNull();
        assertThat(n("1E-130")).isNotNull();
        assertThat(n("-1E-130")).isNotNull();
        assertThatThrownBy(() -> n("1E+126"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("overflow");
        assertThatThrownBy(() -> n("-1E+126"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("overflow");
        assertThatThrownBy(() -> n("1E-131"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("underflow");
        assertThatThrownBy(() -> n("not-a-number")).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> n("NaN")).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> n("Infinity")).isInstanceOf(ValidationException.class);
    }

    @Test
    @DisplayName("DynamoDB number rule: ASCII digits only, no whitespace, a decimal point is followed by a digit")
    void numbersAreAsciiDigitsWithoutWhitespace() {
        for (String bad : List.of("1 ", " 1", "1.", "\u0661\u0662\u0663")) {
            assertThatThrownBy(() -> n(bad))
                    .as("[%s]", bad)
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("A value provided cannot be converted into a number: '" + bad + "'");
        }
        assertThat(n(".5")).isEqualTo(n("0.5"));
        assertThat(n("+1")).isEqualTo(n("1"));
    }

    @Test
    @DisplayName("DynamoDB number rule: a number of a million digits is rejected for its precision")
    void aMillionDigitNumberIsTooPrecise() {
        String digits = "7".repeat(1_000_000);
        assertThatThrownBy(() -> n(digits))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Attempting to store more than 38 significant digits in a Number");
    }

    @Test
    @DisplayName("DynamoDB number rule: numbers are normalized, 1.50 == 1.5 == 15E-1 and 0 == 0.00 == -0")
    void numbersAreNormalized() {
        assertThat(n("1.50")).isEqualTo(n("1.5")).isEqualTo(n("15E-1")).isEqualTo(n(new BigDecimal("1.500")));
        assertThat(n("100")).isEqualTo(n(100)).isEqualTo(n("1E2"));
        assertThat(n("0.00")).isEqualTo(n("0")).isEqualTo(n("-0"));
        assertThat(n("1.50").hashCode()).isEqualTo(n("1.5").hashCode());
        assertThat(n("1.50").text()).isEqualTo("1.5");
    }

    @Test
    @DisplayName("DynamoDB number rule: a key written as 1.50 is found as 1.5 (one item, not two)")
    void normalizedNumbersAreTheSameKey() {
        db.createTable(TableDefinition.builder("Nums")
                .partitionKey(KeyAttribute.n("id"))
                .build());
        put(db, "Nums", item("id", n("1.50"), "v", s("a")));
        put(db, "Nums", item("id", n("1.5"), "v", s("b")));
        assertThat(Fx.scanAll(db, "Nums")).hasSize(1);
        assertThat(get(db, "Nums", item("id", n("15E-1")))).containsEntry("v", s("b"));
    }

    @Test
    @DisplayName("DynamoDB number rule: numbers built with the public N record constructor obey the same rules")
    void numberRecordConstructorIsNormalizedToo() {
        // AttributeValue.N is a public record: its canonical constructor is public API.
        assertThat(new AttributeValue.N(new BigDecimal("1.50"))).isEqualTo(n("1.5"));
        assertThatThrownBy(() -> new AttributeValue.N(new BigDecimal("1E+200")))
                .isInstanceOf(ValidationException.class);
    }

    // ---- sets -----------------------------------------------------------------------------------------------

    @Test
    @DisplayName("DynamoDB set rule: SS, NS and BS may not be empty")
    void setsMayNotBeEmpty() {
        assertThatThrownBy(() -> AttributeValue.ss(List.of())).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> AttributeValue.ns(List.of())).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> AttributeValue.bs(List.of())).isInstanceOf(ValidationException.class);
    }

    @Test
    @DisplayName("DynamoDB set rule: sets contain no duplicates (numbers compared after normalization)")
    void setsMayNotHoldDuplicates() {
        assertThatThrownBy(() -> AttributeValue.ss("a", "a")).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> AttributeValue.nsOf("1.5", "1.50")).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> AttributeValue.bs(List.of(Bytes.copyOf(new byte[] {1}), Bytes.copyOf(new byte[] {1}))))
                .isInstanceOf(ValidationException.class);
        assertThat(AttributeValue.ss("a", "b").values()).containsExactly("a", "b");
    }

    @Test
    @DisplayName("DynamoDB set rule: an empty set written through PutItem is rejected, whatever built it")
    void putItemRejectsEmptySetsBuiltWithRecordConstructor() {
        createKv();
        assertThatThrownBy(() -> put(db, "KvTable", item("pk", s("a"), "tags", new AttributeValue.SS(Set.of()))))
                .isInstanceOf(ValidationException.class);
        assertThat(Fx.scanAll(db, "KvTable")).isEmpty();
    }

    // ---- item size accounting -------------------------------------------------------------------------------

    @Test
    @DisplayName("DynamoDB item size: strings are name bytes + UTF-8 value bytes (multi-byte and supplementary chars)")
    void stringSizeIsUtf8Bytes() {
        assertThat(Items.size(item("ab", s("xyz")))).isEqualTo(5);
        assertThat(Items.size(item("é", s("€")))).isEqualTo(2 + 3);
        assertThat(Items.size(item("k", s("\uD83D\uDE00")))).isEqualTo(1 + 4);
        assertThat(Items.size(item("k", s("")))).isEqualTo(1);
    }

    @Test
    @DisplayName("DynamoDB item size: number is '(1 byte per two significant digits) + (1 byte)', zeros trimmed")
    void numberSize() {
        assertThat(n("12345").size()).isEqualTo(3 + 1);
        assertThat(n("123456").size()).isEqualTo(3 + 1);
        assertThat(n("1.50").size()).isEqualTo(n("15").size()).isEqualTo(2);
        assertThat(n("1000000").size()).isEqualTo(n("1").size());
    }

    @Test
    @DisplayName("DynamoDB item size: binary is raw bytes; BOOL and NULL are 1 byte")
    void binaryBoolNullSizes() {
        assertThat(Items.size(item("bin", b(new byte[10])))).isEqualTo(3 + 10);
        assertThat(Items.size(item("t", AttributeValue.bool(true), "z", AttributeValue.nul())))
                .isEqualTo(1 + 1 + 1 + 1);
    }

    @Test
    @DisplayName("DynamoDB item size: List or Map '3 bytes of overhead' plus 1 byte per element; map keys count")
    void listAndMapOverhead() {
        assertThat(AttributeValue.l().size()).isEqualTo(3);
        assertThat(AttributeValue.m(Map.of()).size()).isEqualTo(3);
        assertThat(AttributeValue.l(s("ab"), s("c")).size()).isEqualTo(3 + (1 + 2) + (1 + 1));
        assertThat(AttributeValue.m(Map.of("key", s("ab"))).size()).isEqualTo(3 + 1 + 3 + 2);
        assertThat(Items.size(item("doc", AttributeValue.m(Map.of("a", AttributeValue.l(n("1")))))))
                .isEqualTo(3 + 3 + (1 + 1 + (3 + 1 + 2)));
    }

    @Test
    @DisplayName("DynamoDB item size: sets are the sum of their members")
    void setSizes() {
        assertThat(AttributeValue.ss("ab", "c").size()).isEqualTo(3);
        assertThat(AttributeValue.nsOf("12", "3").size()).isEqualTo(2 + 2);
    }

    @Test
    @DisplayName(
            "DynamoDB semantics, 'Items up to 400 KB (attribute-name UTF-8 bytes + value bytes)': 409600 accepted, 409601 rejected")
    void itemSizeLimitIs400Kb() {
        createKv();
        Map<String, AttributeValue> exact = Fx.padTo(item("pk", s("a")), "d", 400 * 1024);
        put(db, "KvTable", exact);
        Map<String, AttributeValue> over = Fx.padTo(item("pk", s("b")), "d", 400 * 1024 + 1);
        assertThatThrownBy(() -> put(db, "KvTable", over))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Item size has exceeded the maximum allowed size");
        assertThat(get(db, "KvTable", item("pk", s("b")))).isNull();
        // The attribute name counts: same value under a one-byte-longer name tips it over.
        Map<String, AttributeValue> longName = Fx.padTo(item("pk", s("c")), "d", 400 * 1024);
        AttributeValue pad = longName.remove("d");
        longName.put("dd", pad);
        assertThatThrownBy(() -> put(db, "KvTable", longName)).isInstanceOf(ValidationException.class);
    }

    @Test
    @DisplayName("400 KB item limit also applies to the item an UpdateItem would produce; nothing changes")
    void updateCannotGrowItemPast400Kb() {
        createKv();
        put(db, "KvTable", Fx.padTo(item("pk", s("a")), "d", 400 * 1024 - 10));
        assertThatThrownBy(() -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("KvTable")
                        .key(item("pk", s("a")))
                        .updateExpression("SET e = :v")
                        .expressionAttributeValues(vals(":v", s(repeat('y', 20))))
                        .build()))
                .isInstanceOf(ValidationException.class);
        assertThat(get(db, "KvTable", item("pk", s("a")))).doesNotContainKey("e");
    }

    // ---- key sizes and empty keys ---------------------------------------------------------------------------

    @Test
    @DisplayName("DynamoDB semantics, 'Partition key 1–2048 bytes': 2048 accepted, 2049 rejected")
    void partitionKeyAtMost2048Bytes() {
        createKv();
        put(db, "KvTable", item("pk", s(repeat('p', 2048))));
        assertThatThrownBy(() -> put(db, "KvTable", item("pk", s(repeat('p', 2049)))))
                .isInstanceOf(ValidationException.class);
        // bytes, not characters: 683 three-byte chars = 2049 bytes
        assertThatThrownBy(() -> put(db, "KvTable", item("pk", s(repeat('€', 683)))))
                .isInstanceOf(ValidationException.class);
        assertThat(Fx.scanAll(db, "KvTable")).hasSize(1);
    }

    @Test
    @DisplayName("DynamoDB semantics, 'sort key 1–1024': 1024 accepted, 1025 rejected")
    void sortKeyAtMost1024Bytes() {
        db.createTable(TableDefinition.builder("PsTable")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.b("sk"))
                .build());
        put(db, "PsTable", item("pk", s("a"), "sk", b(new byte[1024])));
        assertThatThrownBy(() -> put(db, "PsTable", item("pk", s("a"), "sk", b(new byte[1025]))))
                .isInstanceOf(ValidationException.class);
        assertThat(Fx.scanAll(db, "PsTable")).hasSize(1);
    }

    @Test
    @DisplayName("DynamoDB: 'The AttributeValue for a key attribute cannot contain an empty string value. Key: pk'")
    void emptyStringTableKeyRejected() {
        db.createTable(TableDefinition.builder("PsTable")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.b("sk"))
                .build());
        assertThatThrownBy(() -> put(db, "PsTable", item("pk", s(""), "sk", b(new byte[] {1}))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining(
                        "The AttributeValue for a key attribute cannot contain an empty string value. Key: pk");
        assertThatThrownBy(() -> put(db, "PsTable", item("pk", s("a"), "sk", b(new byte[0]))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("cannot contain an empty binary value. Key: sk");
        // A non-key attribute may be empty.
        put(db, "PsTable", item("pk", s("a"), "sk", b(new byte[] {1}), "note", s("")));
        assertThat(Fx.scanAll(db, "PsTable")).hasSize(1);
    }

    @Test
    @DisplayName("DYNAMODB-LOCAL.md: empty string index key '... IndexName: LastPostIndex, IndexKey: LastPostDateTime'")
    void emptyStringIndexKeyRejected() {
        db.createTable(Fx.thread());
        assertThatThrownBy(() ->
                        put(db, "Thread", item("ForumName", s("S3"), "Subject", s("a"), "LastPostDateTime", s(""))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("The AttributeValue for a key attribute cannot contain an empty string value. "
                        + "IndexName: LastPostIndex, IndexKey: LastPostDateTime");
        db.createTable(Fx.gameScores());
        assertThatThrownBy(() -> put(db, "GameScores", item("UserId", s("1"), "GameTitle", s(""), "TopScore", n(1))))
                .isInstanceOf(ValidationException.class);
        assertThat(Fx.scanAll(db, "Thread")).isEmpty();
        assertThat(Fx.scanAll(db, "GameScores")).isEmpty();
    }

    // ---- key order ------------------------------------------------------------------------------------------

    @Test
    @DisplayName(
            "DynamoDB semantics, 'S by UTF-8 bytes': supplementary characters sort after U+FFFF (unlike UTF-16 order)")
    void stringKeysSortByUtf8Bytes() {
        db.createTable(TableDefinition.builder("Ord")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.s("sk"))
                .build());
        List<String> expected = List.of("A", "Z", "a", "z", "é", "\uE000", "\uFFFF", "\uD83D\uDE00");
        for (String v : List.of("\uD83D\uDE00", "z", "\uFFFF", "é", "a", "\uE000", "Z", "A")) {
            put(db, "Ord", item("pk", s("p"), "sk", s(v)));
        }
        assertThat(queryItems(db, "Ord", null, "pk = :p", vals(":p", s("p"))))
                .extracting(i -> i.get("sk").asS())
                .containsExactlyElementsOf(expected);
        // Prefix sorts first: "a" < "a\u0000" < "ab"
        put(db, "Ord", item("pk", s("q"), "sk", s("ab")));
        put(db, "Ord", item("pk", s("q"), "sk", s("a")));
        assertThat(queryItems(db, "Ord", null, "pk = :p", vals(":p", s("q"))))
                .extracting(i -> i.get("sk").asS())
                .containsExactly("a", "ab");
    }

    @Test
    @DisplayName("DynamoDB semantics, 'N numerically': negatives and decimals order by value, not by text")
    void numberKeysSortNumerically() {
        db.createTable(TableDefinition.builder("Ord")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .build());
        for (String v : List.of("10", "-1", "2", "-10", "0.5", "-1.5", "0", "1E+2", "-0.001", "9.99")) {
            put(db, "Ord", item("pk", s("p"), "sk", n(v)));
        }
        assertThat(queryItems(db, "Ord", null, "pk = :p", vals(":p", s("p"))))
                .extracting(i -> i.get("sk"))
                .containsExactly(
                        n("-10"),
                        n("-1.5"),
                        n("-1"),
                        n("-0.001"),
                        n("0"),
                        n("0.5"),
                        n("2"),
                        n("9.99"),
                        n("10"),
                        n("100"));
    }

    @Test
    @DisplayName("DynamoDB semantics, 'B by unsigned bytes': 0x80 and 0xFF sort after 0x7F")
    void binaryKeysSortUnsigned() {
        db.createTable(TableDefinition.builder("Ord")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.b("sk"))
                .build());
        for (int v : new int[] {0xFF, 0x01, 0x80, 0x7F, 0x00}) {
            put(db, "Ord", item("pk", s("p"), "sk", b(new byte[] {(byte) v})));
        }
        put(db, "Ord", item("pk", s("p"), "sk", b(new byte[] {0x7F, 0x00})));
        assertThat(queryItems(db, "Ord", null, "pk = :p", vals(":p", s("p"))))
                .extracting(i -> i.get("sk").asB().toByteArray())
                .containsExactly(
                        new byte[] {0},
                        new byte[] {1},
                        new byte[] {0x7F},
                        new byte[] {0x7F, 0},
                        new byte[] {(byte) 0x80},
                        new byte[] {(byte) 0xFF});
    }

    @Test
    @DisplayName("DynamoDB semantics, key order holds in GSIs too (N sort key of an index, negative values)")
    void indexKeysSortByTheSameRules() {
        db.createTable(TableDefinition.builder("Ord")
                .partitionKey(KeyAttribute.s("pk"))
                .globalSecondaryIndex("ByScore", KeyAttribute.s("g"), KeyAttribute.n("score"), Projection.keysOnly())
                .build());
        int i = 0;
        for (String v : List.of("3", "-20", "0.25", "-3", "100")) {
            put(db, "Ord", item("pk", s("k" + i++), "g", s("G"), "score", n(v)));
        }
        assertThat(queryItems(db, "Ord", "ByScore", "g = :g", vals(":g", s("G"))))
                .extracting(x -> x.get("score"))
                .containsExactly(n("-20"), n("-3"), n("0.25"), n("3"), n("100"));
    }
}
