package io.partita.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CodecsTest {
    enum Color {
        RED,
        GREEN
    }

    record Address(String street, int number) {
        static final ItemSchema<Address> SCHEMA = ItemSchema.builder(Address.class)
                .attribute("street", Address::street, Codecs.STRING)
                .attribute("number", Address::number, Codecs.PRIMITIVE_INT)
                .build(v -> new Address(v.get(0), v.get(1)));
    }

    record Money(String currency, long cents) {}

    static final class MoneyConverter implements AttributeConverter<Money> {
        @Override
        public AttributeValue toAttributeValue(Money m) {
            return AttributeValue.s(m.currency() + " " + m.cents());
        }

        @Override
        public Money fromAttributeValue(AttributeValue v) {
            String[] parts = v.asS().split(" ", 2);
            return new Money(parts[0], Long.parseLong(parts[1]));
        }

        @Override
        public AttributeType attributeType() {
            return AttributeType.S;
        }
    }

    static Stream<Arguments> roundTrips() throws Exception {
        return Stream.of(
                Arguments.of(Codecs.STRING, "héllo 🎲", AttributeType.S),
                Arguments.of(Codecs.CHARACTER, 'x', AttributeType.S),
                Arguments.of(Codecs.INTEGER, Integer.MIN_VALUE, AttributeType.N),
                Arguments.of(Codecs.PRIMITIVE_INT, 42, AttributeType.N),
                Arguments.of(Codecs.LONG, Long.MAX_VALUE, AttributeType.N),
                Arguments.of(Codecs.SHORT, (short) -7, AttributeType.N),
                Arguments.of(Codecs.BYTE, (byte) 127, AttributeType.N),
                Arguments.of(Codecs.DOUBLE, 0.1 + 0.2, AttributeType.N),
                Arguments.of(Codecs.DOUBLE, -1.5e100, AttributeType.N),
                Arguments.of(Codecs.FLOAT, 3.14f, AttributeType.N),
                Arguments.of(Codecs.BIG_DECIMAL, new BigDecimal("12345678901234567890.123456789"), AttributeType.N),
                Arguments.of(Codecs.BIG_INTEGER, new BigInteger("-123456789012345678901234567890"), AttributeType.N),
                Arguments.of(Codecs.BOOLEAN, true, AttributeType.BOOL),
                Arguments.of(Codecs.PRIMITIVE_BOOLEAN, false, AttributeType.BOOL),
                Arguments.of(Codecs.enumeration(Color.values()), Color.GREEN, AttributeType.S),
                Arguments.of(Codecs.UUID, UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), AttributeType.S),
                Arguments.of(Codecs.INSTANT, Instant.parse("2024-05-01T12:00:00.123456789Z"), AttributeType.S),
                Arguments.of(Codecs.LOCAL_DATE, LocalDate.of(2024, 2, 29), AttributeType.S),
                Arguments.of(Codecs.LOCAL_DATE_TIME, LocalDateTime.of(2024, 2, 29, 23, 59, 1, 5), AttributeType.S),
                Arguments.of(Codecs.LOCAL_TIME, LocalTime.of(7, 5), AttributeType.S),
                Arguments.of(Codecs.YEAR, Year.of(812), AttributeType.S),
                Arguments.of(Codecs.YEAR_MONTH, YearMonth.of(2024, 12), AttributeType.S),
                Arguments.of(Codecs.MONTH_DAY, MonthDay.of(2, 29), AttributeType.S),
                Arguments.of(Codecs.DURATION, Duration.ofMillis(90061001), AttributeType.S),
                Arguments.of(Codecs.PERIOD, Period.of(1, 2, 3), AttributeType.S),
                Arguments.of(Codecs.ZONE_ID, ZoneId.of("Europe/Paris"), AttributeType.S),
                Arguments.of(Codecs.ZONE_OFFSET, ZoneOffset.ofHours(-5), AttributeType.S),
                Arguments.of(Codecs.BYTE_BUFFER, ByteBuffer.wrap(new byte[] {1, 2, 3}), AttributeType.B),
                Arguments.of(Codecs.optional(Codecs.STRING), Optional.of("x"), AttributeType.S),
                Arguments.of(Codecs.list(Codecs.INTEGER), Arrays.asList(1, null, 3), AttributeType.L),
                Arguments.of(Codecs.list(Codecs.STRING), List.of(), AttributeType.L),
                Arguments.of(Codecs.set(Codecs.STRING), new LinkedHashSet<>(List.of("a", "b")), AttributeType.SS),
                Arguments.of(Codecs.set(Codecs.LONG), new LinkedHashSet<>(List.of(1L, -2L)), AttributeType.NS),
                Arguments.of(Codecs.set(Codecs.BYTE_BUFFER), Set.of(ByteBuffer.wrap(new byte[] {9})), AttributeType.BS),
                Arguments.of(Codecs.set(Codecs.enumeration(Color.values())), Set.of(Color.RED), AttributeType.SS),
                Arguments.of(Codecs.set(Codecs.BOOLEAN), Set.of(true), AttributeType.L),
                Arguments.of(Codecs.map(Codecs.DOUBLE), new LinkedHashMap<>(Map.of("a", 1.5)), AttributeType.M),
                Arguments.of(
                        Codecs.map(UUID::toString, UUID::fromString, Codecs.STRING),
                        Map.of(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), "v"),
                        AttributeType.M),
                Arguments.of(
                        Codecs.map(Codecs.list(Codecs.nested(Address.SCHEMA))),
                        Map.of("home", List.of(new Address("Main", 1))),
                        AttributeType.M),
                Arguments.of(Address.SCHEMA.asCodec(), new Address("Elm", 12), AttributeType.M),
                Arguments.of(Codecs.converted(new MoneyConverter()), new Money("EUR", 1250), AttributeType.S),
                Arguments.of(
                        Codecs.json(),
                        new ObjectMapper()
                                .enable(
                                        com.fasterxml.jackson.databind.DeserializationFeature
                                                .USE_BIG_DECIMAL_FOR_FLOATS)
                                .readTree("{\"a\":1,\"b\":[true,null,\"x\",2.5,12345678901234],\"c\":{\"d\":{}}}"),
                        AttributeType.M));
    }

    @ParameterizedTest
    @MethodSource("roundTrips")
    <V> void round_trips(AttributeCodec<V> codec, V value, AttributeType stored) {
        AttributeValue encoded = codec.encode(value);
        assertThat(encoded.type()).isEqualTo(stored);
        assertThat(codec.decode(encoded)).isEqualTo(value);
    }

    @Test
    void byte_arrays_round_trip_by_content() {
        byte[] bytes = {0, -1, 127};
        assertThat(Codecs.BYTES.decode(Codecs.BYTES.encode(bytes))).containsExactly(bytes);
    }

    @Test
    void zoned_and_offset_values_are_stored_as_utc_instants() {
        OffsetDateTime odt = OffsetDateTime.parse("2024-05-01T14:00:00+02:00");
        assertThat(Codecs.OFFSET_DATE_TIME.encode(odt)).isEqualTo(AttributeValue.s("2024-05-01T12:00:00.000000000Z"));
        assertThat(Codecs.OFFSET_DATE_TIME.decode(Codecs.OFFSET_DATE_TIME.encode(odt)))
                .isEqualTo(odt.withOffsetSameInstant(ZoneOffset.UTC));
        ZonedDateTime zdt = ZonedDateTime.parse("2024-05-01T14:00:00+02:00[Europe/Paris]");
        assertThat(Codecs.ZONED_DATE_TIME
                        .decode(Codecs.ZONED_DATE_TIME.encode(zdt))
                        .toInstant())
                .isEqualTo(zdt.toInstant());
    }

    @Test
    void absent_values_null_defaults_and_empties() {
        assertThat(Codecs.PRIMITIVE_INT.absent()).isZero();
        assertThat(Codecs.PRIMITIVE_LONG.absent()).isZero();
        assertThat(Codecs.PRIMITIVE_DOUBLE.absent()).isZero();
        assertThat(Codecs.PRIMITIVE_BOOLEAN.absent()).isFalse();
        assertThat(Codecs.PRIMITIVE_CHAR.absent()).isEqualTo('\0');
        assertThat(Codecs.INTEGER.absent()).isNull();
        assertThat(Codecs.optional(Codecs.STRING).absent()).isEmpty();
        assertThat(Codecs.optional(Codecs.STRING).encode(Optional.empty())).isNull();
        assertThat(Codecs.set(Codecs.STRING).encode(Set.of()))
                .as("DynamoDB forbids empty sets")
                .isNull();
        assertThat(Codecs.set(Codecs.STRING).absent()).isEmpty();
    }

    @Test
    void schema_maps_nulls_to_absent_attributes_and_back() {
        record Thing(String name, Integer count, int primitive, Set<String> tags, Optional<String> note) {}
        ItemSchema<Thing> schema = ItemSchema.builder(Thing.class)
                .attribute("name", Thing::name, Codecs.STRING)
                .attribute("count", Thing::count, Codecs.INTEGER)
                .attribute("primitive", Thing::primitive, Codecs.PRIMITIVE_INT)
                .attribute("tags", Thing::tags, Codecs.set(Codecs.STRING))
                .attribute("note", Thing::note, Codecs.optional(Codecs.STRING))
                .build(v -> new Thing(v.get(0), v.get(1), v.get(2), v.get(3), v.get(4)));
        Thing empty = new Thing(null, null, 0, Set.of(), Optional.empty());
        assertThat(schema.toItem(empty)).containsOnlyKeys("primitive");
        assertThat(schema.fromItem(Map.of())).isEqualTo(empty);
        assertThat(schema.fromItem(Map.of("name", AttributeValue.nul()))).isEqualTo(empty);
        assertThat(schema.attributeNames()).containsExactly("name", "count", "primitive", "tags", "note");
        assertThatThrownBy(() -> ItemSchema.builder("X")
                        .attribute("a", String::valueOf, Codecs.STRING)
                        .attribute("a", String::valueOf, Codecs.STRING))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void decoding_errors_name_the_attribute_and_the_type() {
        ItemSchema<Address> schema = Address.SCHEMA;
        assertThatThrownBy(() -> schema.fromItem(Map.of("street", AttributeValue.n(5))))
                .isInstanceOf(MappingException.class)
                .hasMessageContaining("'street'")
                .hasMessageContaining("Address")
                .hasMessageContaining("expected S, got N");
        assertThatThrownBy(() -> Codecs.enumeration(Color.values()).decode(AttributeValue.s("BLUE")))
                .isInstanceOf(MappingException.class)
                .hasMessageContaining("BLUE")
                .hasMessageContaining("[GREEN, RED]");
        assertThatThrownBy(() -> Codecs.INTEGER.decode(AttributeValue.n(1L << 40)))
                .isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> Codecs.DOUBLE.encode(1e300)).hasMessageContaining("overflow");
        assertThatThrownBy(() -> Codecs.DOUBLE.encode(Double.NaN))
                .isInstanceOf(MappingException.class)
                .hasMessageContaining("NaN");
    }

    @Test
    void json_documents_use_native_types() {
        JsonNode doc = Codecs.json()
                .decode(AttributeValue.m(Map.of("n", AttributeValue.n("1.5"), "s", AttributeValue.ss("a"))));
        assertThat(doc.get("n").decimalValue()).isEqualByComparingTo("1.5");
        assertThat(doc.get("s").isArray()).isTrue();
    }
}
