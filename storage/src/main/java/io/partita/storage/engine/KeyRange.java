package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.expression.KeyConditionTerm;
import io.partita.storage.expression.KeyConditionTerm.Operator;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.util.Arrays;
import java.util.List;

/**
 * A key condition turned into a range of one ordered structure: {@code low} inclusive, {@code high}
 * exclusive (both are {@link KeyCodec} prefixes, possibly followed by {@link KeyCodec#AFTER}). Rules (DynamoDB's): {@code =} on every
 * partition key attribute; on a multi-attribute sort key, equality on leading attributes and a range
 * condition only on the last attribute given; {@code begins_with} only on S and B.
 */
record KeyRange(OrderKey low, OrderKey high) {

    /**
     * The exclusive high end. A whole-partition range holds none ({@link #bound} null: to the end of {@code low}'s
     * partition, as {@link EntryMap#range} reads a null high) and builds it here, the partition key followed by
     * {@link KeyCodec#AFTER}, only when asked (a query with an exclusive start key), not per query.
     */
    @Override
    public OrderKey high() {
        return high != null ? high : after(low);
    }

    /** The high end as {@link EntryMap#range} takes it: null for a whole partition. */
    OrderKey bound() {
        return high;
    }

    static KeyRange of(List<KeyConditionTerm> terms, KeyAttribute[] partitionKey, KeyAttribute[] sortKey) {
        if (partitionKey.length == 1 && sortKey.length <= 1) {
            return ofSingle(terms, partitionKey, sortKey);
        }
        KeyConditionTerm[] pk = new KeyConditionTerm[partitionKey.length];
        KeyConditionTerm[] sk = new KeyConditionTerm[sortKey.length];
        for (KeyConditionTerm term : terms) {
            place(term, partitionKey, sortKey, pk, sk);
        }
        AttributeValue[] pkValues = partitionValues(pk, partitionKey);
        int given = givenSortTerms(sk, sortKey);
        int hash = pkValues.length == 1
                ? OrderKey.partitionHash(pkValues[0])
                : OrderKey.partitionHash(pkValues, pkValues.length);
        KeyConditionTerm last = given == 0 ? null : sk[given - 1];
        // One builder per range: the prefix is encoded once; build() snapshots the bytes, so the builder goes on
        // from there to the other end (or is copied first where both ends extend the prefix differently).
        KeyCodec.Builder b = prefix(hash, pkValues, sk, last == null ? 0 : given - 1);
        if (last == null) {
            OrderKey low = b.build();
            return new KeyRange(low, b.after().build());
        }
        return lastTerm(b, last);
    }

    /**
     * {@link #of} for a key of one partition key attribute and at most one sort key attribute (every table and most
     * indexes): the same checks in the same order, with the terms held in locals rather than slot arrays.
     */
    private static KeyRange ofSingle(
            List<KeyConditionTerm> terms, KeyAttribute[] partitionKey, KeyAttribute[] sortKey) {
        KeyAttribute partition = partitionKey[0];
        KeyAttribute sort = sortKey.length == 0 ? null : sortKey[0];
        KeyConditionTerm pk = null;
        KeyConditionTerm sk = null;
        for (int i = 0, n = terms.size(); i < n; i++) {
            KeyConditionTerm term = terms.get(i);
            boolean onPartition = partition.name().equals(term.attribute());
            if (!onPartition && (sort == null || !sort.name().equals(term.attribute()))) {
                throw Message.KeyConditionNotKey.exception(term.attribute(), describe(partitionKey, sortKey));
            }
            if ((onPartition ? pk : sk) != null) {
                throw Message.KeyConditionTwice.exception(term.attribute());
            }
            checkOperands(onPartition ? partition : sort, term);
            if (onPartition) {
                pk = term;
            } else {
                sk = term;
            }
        }
        AttributeValue value = partitionValue(pk, partition);
        int hash = OrderKey.partitionHash(value);
        int prefix = KeyCodec.HASH_BYTES + KeyCodec.sizeOf(value);
        if (sk == null) {
            OrderKey low = KeyCodec.exactKey(hash, prefix, value, null, null, null);
            if (low != null) {
                return new KeyRange(low, null);
            }
        }
        // sized for the prefix, the last term's value and AFTER: the usual range's two keys without a scratch buffer
        int length = prefix + (sk == null ? 0 : KeyCodec.sizeOf(sk.low())) + KeyCodec.AFTER.length;
        KeyCodec.Builder b = KeyCodec.builder(hash, length).add(value).endPartition();
        if (sk == null) {
            OrderKey low = b.build();
            return new KeyRange(low, b.after().build());
        }
        return lastTerm(b, sk);
    }

    /** The partition key {@code key} followed by {@link KeyCodec#AFTER}: past the partition's last entry. */
    private static OrderKey after(OrderKey key) {
        byte[] bytes = Arrays.copyOf(key.bytes, key.bytes.length + KeyCodec.AFTER.length);
        System.arraycopy(KeyCodec.AFTER, 0, bytes, key.bytes.length, KeyCodec.AFTER.length);
        return new OrderKey(bytes, key.partitionEnd);
    }

    /** Puts {@code term} in the slot of its key attribute, checking its attribute, operands and uniqueness. */
    private static void place(
            KeyConditionTerm term,
            KeyAttribute[] partitionKey,
            KeyAttribute[] sortKey,
            KeyConditionTerm[] pk,
            KeyConditionTerm[] sk) {
        int p = indexOf(partitionKey, term.attribute());
        int s = indexOf(sortKey, term.attribute());
        if (p < 0 && s < 0) {
            throw Message.KeyConditionNotKey.exception(term.attribute(), describe(partitionKey, sortKey));
        }
        KeyConditionTerm[] slot = p >= 0 ? pk : sk;
        int i = p >= 0 ? p : s;
        if (slot[i] != null) {
            throw Message.KeyConditionTwice.exception(term.attribute());
        }
        checkOperands(p >= 0 ? partitionKey[p] : sortKey[s], term);
        slot[i] = term;
    }

    private static void checkOperands(KeyAttribute attr, KeyConditionTerm term) {
        checkOperand(attr, term, term.low());
        if (term.high() != null) {
            checkOperand(attr, term, term.high());
        }
    }

    /** The partition key's values: every partition key attribute must be given, with {@code =}. */
    private static AttributeValue[] partitionValues(KeyConditionTerm[] pk, KeyAttribute[] partitionKey) {
        AttributeValue[] pkValues = new AttributeValue[partitionKey.length];
        for (int i = 0; i < pk.length; i++) {
            pkValues[i] = partitionValue(pk[i], partitionKey[i]);
        }
        return pkValues;
    }

    /** The value of partition key attribute {@code attr}: its term must be given, with {@code =}. */
    private static AttributeValue partitionValue(KeyConditionTerm term, KeyAttribute attr) {
        if (term == null) {
            throw Message.KeyConditionMissingPartitionKey.exception(attr.name());
        }
        if (term.operator() != Operator.EQ) {
            throw Message.KeyConditionPartitionOperator.exception(
                    attr.name(), term.operator().symbol());
        }
        return term.low();
    }

    /**
     * How many leading sort key attributes the condition names: no gap after them, and {@code =} on all but the
     * last of them.
     */
    private static int givenSortTerms(KeyConditionTerm[] sk, KeyAttribute[] sortKey) {
        int given = 0;
        while (given < sk.length && sk[given] != null) {
            given++;
        }
        for (int i = given; i < sk.length; i++) {
            if (sk[i] != null) {
                throw Message.KeyConditionSortKeyGap.exception(sk[i].attribute(), sortKey[given].name());
            }
        }
        for (int i = 0; i + 1 < given; i++) {
            if (sk[i].operator() != Operator.EQ) {
                throw Message.KeyConditionRangeNotLast.exception(
                        sk[i].attribute(), sk[i].operator().symbol(), sk[i + 1].attribute());
            }
        }
        return given;
    }

    /** The range of the last sort key term given, on the prefix {@code b} holds. */
    private static KeyRange lastTerm(KeyCodec.Builder b, KeyConditionTerm last) {
        switch (last.operator()) {
            case EQ: {
                OrderKey low = b.add(last.low()).build();
                return new KeyRange(low, b.after().build());
            }
            case LT: {
                OrderKey low = b.build();
                return new KeyRange(low, b.add(last.low()).build());
            }
            case LE: {
                OrderKey low = b.build();
                return new KeyRange(low, b.add(last.low()).after().build());
            }
            case GT: {
                KeyCodec.Builder high = b.copy().after();
                return new KeyRange(b.add(last.low()).after().build(), high.build());
            }
            case GE: {
                KeyCodec.Builder high = b.copy().after();
                return new KeyRange(b.add(last.low()).build(), high.build());
            }
            case BETWEEN: {
                if (KeyOrder.compare(last.low(), last.high()) > 0) {
                    throw Message.KeyConditionBetweenOrder.exception(last.low(), last.high());
                }
                KeyCodec.Builder high = b.copy().add(last.high()).after();
                return new KeyRange(b.add(last.low()).build(), high.build());
            }
            case BEGINS_WITH: {
                // Every value starting with the operand encodes as the operand's bytes plus a continuation.
                OrderKey low = b.addPrefix(last.low()).build();
                return new KeyRange(low, b.after().build());
            }
            default:
                throw new IllegalStateException(last.operator().toString());
        }
    }

    /** The key prefix: partition key values, then the sort key values fixed by equality. */
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

    private static void checkOperand(KeyAttribute attr, KeyConditionTerm term, AttributeValue v) {
        if (term.operator() == Operator.BEGINS_WITH && v.type() == AttributeType.N) {
            throw Message.KeyConditionBeginsWithNumber.exception();
        }
        if (v.type() != attr.type()) {
            throw Message.KeyConditionType.exception(attr.name(), attr.type(), v.type());
        }
        if (KeyRules.isEmpty(v)) {
            throw Message.KeyEmpty.exception(KeyRules.kindOf(v), attr.name());
        }
    }

    private static int indexOf(KeyAttribute[] attrs, String name) {
        for (int i = 0; i < attrs.length; i++) {
            if (attrs[i].name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static String describe(KeyAttribute[] pk, KeyAttribute[] sk) {
        StringBuilder b = new StringBuilder();
        for (KeyAttribute k : pk) {
            b.append(b.length() == 0 ? "" : ", ").append(k.name()).append(" (partition)");
        }
        for (KeyAttribute k : sk) {
            b.append(", ").append(k.name()).append(" (sort)");
        }
        return b.toString();
    }
}
