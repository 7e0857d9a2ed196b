package io.partita.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link Legacy#of} on the common request, one without legacy parameters: it checks DynamoDB's mixing rules and
 * answers the shared translation that translates nothing, allocating nothing (it runs on every data-plane request;
 * the messages of its errors are built only for a request it refuses).
 */
class LegacyAllocationTest {
    private static final String[] LEGACY = {"Expected", "ConditionalOperator"};
    private static final String[] EXPRESSION = {"ConditionExpression"};

    private static Input put(String members) {
        byte[] b = ("{\"TableName\":\"T\",\"Item\":{\"pk\":{\"S\":\"a\"}}" + members + "}")
                .getBytes(StandardCharsets.UTF_8);
        return JsonIn.readRequest(b, 0, b.length, Input.accepting(ItemRequests.PUT), Input.reader(null));
    }

    @Test
    void aRequestWithoutLegacyParametersSharesOneTranslation() {
        Input plain = put("");
        Input conditional =
                put(",\"ConditionExpression\":\"attribute_not_exists(pk)\",\"ReturnConsumedCapacity\":\"TOTAL\"");
        assertThat(Legacy.of(plain, LEGACY, EXPRESSION)).isSameAs(Legacy.of(conditional, LEGACY, EXPRESSION));
        Input legacy = put(",\"Expected\":{\"pk\":{\"Exists\":false}}");
        assertThat(Legacy.of(legacy, LEGACY, EXPRESSION)).isNotSameAs(Legacy.of(legacy, LEGACY, EXPRESSION));
    }

    @Test
    void itAllocatesNothing() {
        Input r = put(",\"ConditionExpression\":\"attribute_not_exists(pk)\"");
        Legacy shared = Legacy.of(r, LEGACY, EXPRESSION);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        int calls = 200_000;
        int other = count(r, shared, calls); // warm-up: compiled as the measured loop will be
        long before = threads.getThreadAllocatedBytes(thread);
        other += count(r, shared, calls);
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertThat(other).isZero();
        // before: three StringJoiners, a Legacy and its two maps per call, some 300 bytes; now none (the bound
        // leaves room for the measurement's own allocations)
        assertThat(allocated).isLessThan(calls / 10);
    }

    private static int count(Input r, Legacy shared, int calls) {
        int other = 0;
        for (int i = 0; i < calls; i++) {
            if (Legacy.of(r, LEGACY, EXPRESSION) != shared) {
                other++;
            }
        }
        return other;
    }
}
