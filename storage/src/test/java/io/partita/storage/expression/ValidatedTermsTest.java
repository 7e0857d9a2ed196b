package io.partita.storage.expression;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyConditionExpression#validatedTerms} (what a query resolves once {@link Placeholders#checkExpressions}
 * has validated its key condition) against {@link KeyConditionExpression#terms} (which validates again): the same
 * terms, or the same error from the same step, on seeded random key conditions and placeholders — attributes by
 * name and by {@code #name}, every operator, repeated attributes, undefined, unused and mistyped placeholders.
 */
class ValidatedTermsTest {
    private static final String[] ATTRIBUTES = {"pk", "sk", "a", "#p", "#s", "#x"};
    private static final String[] OPERATORS = {"=", "<", "<=", ">", ">=", "BETWEEN", "begins_with"};

    @Test
    void validated_terms_equal_terms() {
        long seed = 0x7E_2026_14L;
        System.out.println("ValidatedTermsTest seed=" + seed);
        Random random = new Random(seed);
        int resolved = 0;
        for (int round = 0; round < 5_000; round++) {
            StringBuilder text = new StringBuilder();
            Map<String, String> names = new HashMap<>();
            Map<String, AttributeValue> values = new HashMap<>();
            int n = 1 + random.nextInt(3);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    text.append(" AND ");
                }
                String attribute = ATTRIBUTES[random.nextInt(ATTRIBUTES.length)];
                if (attribute.startsWith("#") && random.nextInt(8) != 0) {
                    names.put(attribute, attribute.equals("#p") ? "pk" : attribute.equals("#s") ? "sk" : "a");
                }
                String low = ":v" + i;
                String high = ":w" + i;
                switch (OPERATORS[random.nextInt(OPERATORS.length)]) {
                    case "BETWEEN" ->
                        text.append(attribute)
                                .append(" BETWEEN ")
                                .append(low)
                                .append(" AND ")
                                .append(high);
                    case "begins_with" ->
                        text.append("begins_with(")
                                .append(attribute)
                                .append(", ")
                                .append(low)
                                .append(")");
                    default ->
                        text.append(attribute)
                                .append(" ")
                                .append(OPERATORS[random.nextInt(5)])
                                .append(" ")
                                .append(low);
                }
                if (random.nextInt(10) != 0) {
                    values.put(low, value(random));
                }
                if (random.nextInt(3) == 0) {
                    values.put(high, value(random)); // used by BETWEEN, else unused
                }
            }
            if (random.nextInt(10) == 0) {
                names.put("#unused", "u");
            }
            Placeholders ph;
            KeyConditionExpression kc;
            try {
                ph = Placeholders.of(names, values);
                kc = Expressions.parseKeyCondition(text.toString());
            } catch (RuntimeException e) {
                continue; // rejected before any term is resolved
            }
            Object plain = outcome(() -> {
                ph.checkExpressions(kc);
                return kc.terms(ph);
            });
            Object validated = outcome(() -> {
                ph.checkExpressions(kc);
                return kc.validatedTerms(ph);
            });
            assertThat(validated)
                    .as("%s with %s %s (seed %s)", text, names, values, seed)
                    .isEqualTo(plain);
            if (plain instanceof List<?>) {
                resolved++;
            }
        }
        assertThat(resolved).as("rounds that resolved terms").isGreaterThan(500);
    }

    private static AttributeValue value(Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> AttributeValue.s("v" + random.nextInt(5));
            case 1 -> AttributeValue.n(random.nextInt(5));
            default -> AttributeValue.bool(true); // not a key type: begins_with rejects it in validation
        };
    }

    /** The terms, or the error's class and message. */
    private static Object outcome(java.util.function.Supplier<List<KeyConditionTerm>> run) {
        try {
            return run.get();
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }
}
