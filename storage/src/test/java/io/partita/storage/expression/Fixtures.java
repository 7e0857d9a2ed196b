package io.partita.storage.expression;

import io.partita.storage.value.AttributeValue;
import java.util.LinkedHashMap;
import java.util.Map;

/** Small builders shared by the expression tests. */
final class Fixtures {
    private Fixtures() {}

    /** Placeholders from alternating key/value pairs: "#n" keys take String names, ":v" keys AttributeValues. */
    static Placeholders ph(Object... pairs) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            String key = (String) pairs[i];
            if (key.startsWith("#")) {
                names.put(key, (String) pairs[i + 1]);
            } else {
                values.put(key, (AttributeValue) pairs[i + 1]);
            }
        }
        return new Placeholders(names, values);
    }

    /** An item from alternating attribute-name/value pairs. */
    static Map<String, AttributeValue> item(Object... pairs) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put((String) pairs[i], (AttributeValue) pairs[i + 1]);
        }
        return item;
    }

    static AttributeValue.M map(Object... pairs) {
        return AttributeValue.m(item(pairs));
    }

    static boolean cond(String expression, Map<String, AttributeValue> item, Placeholders ph) {
        return Expressions.parseCondition(expression, ExpressionKind.CONDITION).test(item, ph);
    }
}
