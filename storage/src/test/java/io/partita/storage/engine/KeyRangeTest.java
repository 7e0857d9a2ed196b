package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.expression.KeyConditionTerm;
import io.partita.storage.expression.KeyConditionTerm.Operator;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyRange#of} encodes the key prefix once and derives both ends from one builder; {@link KeyCodec}
 * writes integers that fit a long without a digit array. Both are checked against the reference: every range
 * equals the one built the straightforward way (each end from its own builder, as before), and every long's
 * encoding equals the general BigDecimal encoding. Seeded random inputs (the seed is printed).
 */
class KeyRangeTest {
    private static final long SEED = 20261125L;

    private static final KeyAttribute[] PK = {KeyAttribute.n("p")};
    private static final KeyAttribute[] PK2 = {KeyAttribute.s("p1"), KeyAttribute.n("p2")};
    private static final KeyAttribute[] SK = {KeyAttribute.s("s")};
    private static final KeyAttribute[] SK3 = {KeyAttribute.s("a"), KeyAttribute.n("b"), KeyAttribute.s("c")};

    @Test
    void everyRangeEqualsTheRangeBuiltEndByEnd() {
        System.out.println("KeyRangeTest seed " + SEED);
        Random random = new Random(SEED);
        int checked = 0;
        for (int round = 0; round < 4000; round++) {
            KeyAttribute[] pk = random.nextBoolean() ? PK : PK2;
            KeyAttribute[] sk = switch (random.nextInt(3)) {
                case 0 -> new KeyAttribute[0];
                case 1 -> SK;
                default -> SK3;
            };
            List<KeyConditionTerm> terms = new ArrayList<>();
            for (KeyAttribute k : pk) {
                terms.add(new KeyConditionTerm(k.name(), Operator.EQ, value(k, random), null));
            }
            int given = sk.length == 0 ? 0 : random.nextInt(sk.length + 1);
            for (int i = 0; i < given; i++) {
                KeyAttribute k = sk[i];
                Operator op = i + 1 < given ? Operator.EQ : operator(k, random);
                AttributeValue low = value(k, random);
                AttributeValue high = null;
                if (op == Operator.BETWEEN) {
                    high = value(k, random);
                    if (io.partita.storage.value.KeyOrder.compare(low, high) > 0) {
                        AttributeValue t = low;
                        low = high;
                        high = t;
                    }
                }
                terms.add(new KeyConditionTerm(k.name(), op, low, high));
            }
            java.util.Collections.shuffle(terms, random);
            KeyRange actual = KeyRange.of(terms, pk, sk);
            KeyRange expected = reference(terms, pk, sk);
            assertThat(hex(actual.low())).as("low of %s", terms).isEqualTo(hex(expected.low()));
            assertThat(hex(actual.high())).as("high of %s", terms).isEqualTo(hex(expected.high()));
            assertThat(actual.low().partitionEnd).isEqualTo(expected.low().partitionEnd);
            assertThat(actual.high().partitionEnd).isEqualTo(expected.high().partitionEnd);
            checked++;
        }
        assertThat(checked).isEqualTo(4000);
    }

    @Test
    void longsEncodeAsTheirBigDecimals() {
        Random random = new Random(SEED);
        List<Long> values = new ArrayList<>(List.of(
                1L,
                -1L,
                9L,
                10L,
                -10L,
                100L,
                101L,
                1_000_000L,
                -1_000_000_000_000L,
                Long.MAX_VALUE,
                Long.MIN_VALUE + 1,
                Long.MIN_VALUE,
                999_999_999_999_999_999L,
                1_000_000_000_000_000_000L,
                120L));
        for (int i = 0; i < 20_000; i++) {
            long v = random.nextLong() >> random.nextInt(64);
            values.add(random.nextInt(4) == 0 ? v / 1000 * 1000 : v);
        }
        for (long v : values) {
            assertThat(HexFormat.of().formatHex(KeyCodec.encode(AttributeValue.n(v))))
                    .as("%d", v)
                    .isEqualTo(HexFormat.of().formatHex(KeyCodec.encodeNumber(new BigDecimal(v).stripTrailingZeros())));
        }
    }

    private static String hex(OrderKey k) {
        return HexFormat.of().formatHex(k.bytes);
    }

    private static Operator operator(KeyAttribute k, Random random) {
        Operator[] ops = Operator.values();
        while (true) {
            Operator op = ops[random.nextInt(ops.length)];
            if (op != Operator.BEGINS_WITH || k.type() != io.partita.storage.value.AttributeType.N) {
                return op;
            }
        }
    }

    private static AttributeValue value(KeyAttribute k, Random random) {
        if (k.type() == io.partita.storage.value.AttributeType.N) {
            return switch (random.nextInt(4)) {
                case 0 -> AttributeValue.n(random.nextInt(100) - 50);
                case 1 -> AttributeValue.n(random.nextLong());
                case 2 -> AttributeValue.n(new BigDecimal(random.nextInt(100000)).movePointLeft(random.nextInt(5)));
                default -> AttributeValue.n("1E+" + (20 + random.nextInt(100)));
            };
        }
        StringBuilder b = new StringBuilder();
        int n = 1 + random.nextInt(60);
        for (int i = 0; i < n; i++) {
            b.append(random.nextInt(10) == 0 ? 'é' : (char) ('a' + random.nextInt(4)));
        }
        return AttributeValue.s(b.toString());
    }

    /** The range as built before: each end from its own builder of the whole prefix. */
    private static KeyRange reference(
            List<KeyConditionTerm> terms, KeyAttribute[] partitionKey, KeyAttribute[] sortKey) {
        AttributeValue[] pkValues = new AttributeValue[partitionKey.length];
        KeyConditionTerm[] sk = new KeyConditionTerm[sortKey.length];
        for (KeyConditionTerm t : terms) {
            for (int i = 0; i < partitionKey.length; i++) {
                if (partitionKey[i].name().equals(t.attribute())) {
                    pkValues[i] = t.low();
                }
            }
            for (int i = 0; i < sortKey.length; i++) {
                if (sortKey[i].name().equals(t.attribute())) {
                    sk[i] = t;
                }
            }
        }
        int given = 0;
        while (given < sk.length && sk[given] != null) {
            given++;
        }
        int hash = pkValues.length == 1
                ? OrderKey.partitionHash(pkValues[0])
                : OrderKey.partitionHash(pkValues, pkValues.length);
        KeyConditionTerm last = given == 0 ? null : sk[given - 1];
        int eq = given == 0 ? 0 : given - 1;
        if (last == null) {
            return new KeyRange(
                    prefix(hash, pkValues, sk, 0).build(),
                    prefix(hash, pkValues, sk, 0).after().build());
        }
        return switch (last.operator()) {
            case EQ ->
                new KeyRange(
                        prefix(hash, pkValues, sk, eq).add(last.low()).build(),
                        prefix(hash, pkValues, sk, eq).add(last.low()).after().build());
            case LT ->
                new KeyRange(
                        prefix(hash, pkValues, sk, eq).build(),
                        prefix(hash, pkValues, sk, eq).add(last.low()).build());
            case LE ->
                new KeyRange(
                        prefix(hash, pkValues, sk, eq).build(),
                        prefix(hash, pkValues, sk, eq).add(last.low()).after().build());
            case GT ->
                new KeyRange(
                        prefix(hash, pkValues, sk, eq).add(last.low()).after().build(),
                        prefix(hash, pkValues, sk, eq).after().build());
            case GE ->
                new KeyRange(
                        prefix(hash, pkValues, sk, eq).add(last.low()).build(),
                        prefix(hash, pkValues, sk, eq).after().build());
            case BETWEEN ->
                new KeyRange(
                        prefix(hash, pkValues, sk, eq).add(last.low()).build(),
                        prefix(hash, pkValues, sk, eq).add(last.high()).after().build());
            case BEGINS_WITH ->
                new KeyRange(
                        prefix(hash, pkValues, sk, eq).addPrefix(last.low()).build(),
                        prefix(hash, pkValues, sk, eq)
                                .addPrefix(last.low())
                                .after()
                                .build());
        };
    }

    private static KeyCodec.Builder prefix(int hash, AttributeValue[] pkValues, KeyConditionTerm[] sk, int equalities) {
        KeyCodec.Builder b = KeyCodec.builder(hash);
        for (AttributeValue v : pkValues) {
            b.add(v);
        }
        b.endPartition();
        for (int i = 0; i < equalities; i++) {
            b.add(sk[i].low());
        }
        return b;
    }
}
