package io.partita.storage.expression;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link Placeholders#checkExpressions} skips looking up each defined placeholder when one expression uses as
 * many as the request defines. Checked against the reference (the sets of defined and used placeholders) on seeded
 * random requests of one to three expressions: the same requests pass, the others fail with the same message.
 */
class UnusedPlaceholdersTest {
    private static final long SEED = 1125L;
    private static final String[] NAMES = {"#a", "#b", "#c", "#d"};
    private static final String[] VALUES = {":v", ":w", ":x", ":y"};

    @Test
    void unusedPlaceholdersAreReportedAsTheReferenceSays() {
        System.out.println("UnusedPlaceholdersTest seed " + SEED);
        Random random = new Random(SEED);
        int passed = 0;
        int failed = 0;
        for (int round = 0; round < 3000; round++) {
            int count = 1 + random.nextInt(3);
            List<ParsedExpression> expressions = new ArrayList<>();
            Set<String> usedNames = new TreeSet<>();
            Set<String> usedValues = new TreeSet<>();
            for (int e = 0; e < count; e++) {
                int terms = 1 + random.nextInt(2);
                StringBuilder text = new StringBuilder();
                for (int t = 0; t < terms; t++) {
                    String name = NAMES[random.nextInt(NAMES.length)];
                    String value = VALUES[random.nextInt(VALUES.length)];
                    text.append(t == 0 ? "" : " AND ")
                            .append(name)
                            .append(" = ")
                            .append(value);
                    usedNames.add(name);
                    usedValues.add(value);
                }
                expressions.add(Expressions.parseCondition(text.toString(), ExpressionKind.CONDITION));
                if (random.nextInt(4) == 0) {
                    expressions.add(null);
                }
            }
            Map<String, String> names = new LinkedHashMap<>();
            for (String n : usedNames) {
                names.put(n, n.substring(1));
            }
            Map<String, AttributeValue> values = new LinkedHashMap<>();
            for (String v : usedValues) {
                values.put(v, AttributeValue.n(1));
            }
            if (random.nextInt(3) == 0) {
                names.put(NAMES[random.nextInt(NAMES.length)], "extra");
            }
            if (random.nextInt(3) == 0) {
                values.put(VALUES[random.nextInt(VALUES.length)], AttributeValue.n(2));
            }
            Set<String> unusedNames = new TreeSet<>(names.keySet());
            unusedNames.removeAll(usedNames);
            Set<String> unusedValues = new TreeSet<>(values.keySet());
            unusedValues.removeAll(usedValues);
            String expected = !unusedNames.isEmpty()
                    ? "Value provided in ExpressionAttributeNames unused in expressions: keys: {"
                            + String.join(", ", unusedNames) + "}"
                    : !unusedValues.isEmpty()
                            ? "Value provided in ExpressionAttributeValues unused in expressions: keys: {"
                                    + String.join(", ", unusedValues) + "}"
                            : null;
            String actual = null;
            try {
                new Placeholders(names, values).checkExpressions(expressions.toArray(new ParsedExpression[0]));
            } catch (ValidationException e) {
                actual = e.getMessage();
            }
            assertThat(actual).as("%s with %s %s", expressions, names, values).isEqualTo(expected);
            if (expected == null) {
                passed++;
            } else {
                failed++;
            }
        }
        assertThat(passed).isPositive();
        assertThat(failed).isPositive();
    }
}
