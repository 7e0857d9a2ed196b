package io.partita.storage.value;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** DynamoDB's size accounting of the document and set types (without the attribute's name). */
final class ValueSizes {
    private ValueSizes() {}

    /** DynamoDB: 3 bytes of overhead per list, 1 byte per element. */
    static int list(List<AttributeValue> values) {
        int size = 3;
        for (AttributeValue v : values) {
            size += 1 + v.size();
        }
        return size;
    }

    /** DynamoDB: 3 bytes of overhead per map, 1 byte per element, plus each key's length. */
    static int map(Map<String, AttributeValue> values) {
        int size = 3;
        for (Map.Entry<String, AttributeValue> e : values.entrySet()) {
            size += 1 + Utf8.length(e.getKey()) + e.getValue().size();
        }
        return size;
    }

    /** An SS: the UTF-8 bytes of its strings. */
    static int strings(Set<String> values) {
        int size = 0;
        for (String v : values) {
            size += Utf8.length(v);
        }
        return size;
    }

    /** An NS: each number's size as DynamoDB accounts it (see {@link Numbers#sizeOf}). */
    static int numbers(Set<BigDecimal> values) {
        int size = 0;
        for (BigDecimal v : values) {
            size += Numbers.sizeOf(v);
        }
        return size;
    }

    /** A BS: the bytes of its binaries. */
    static int binaries(Set<Bytes> values) {
        int size = 0;
        for (Bytes v : values) {
            size += v.length();
        }
        return size;
    }
}
