package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Under heap pressure the server throttles rather than failing: every request gets DynamoDB's
 * {@code ThrottlingException} (a 400 the SDKs retry) and nothing is written, until the pressure ends.
 */
class HeapPressureTest {
    private static final String TABLE = "{\"TableName\":\"Heap\",\"KeySchema\":[{\"AttributeName\":\"pk\","
            + "\"KeyType\":\"HASH\"}],\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
            + "\"BillingMode\":\"PAY_PER_REQUEST\"}";
    private static final String PUT = "{\"TableName\":\"Heap\",\"Item\":{\"pk\":{\"S\":\"a\"}}}";

    @Test
    void requestsAreThrottledWhileTheHeapIsNearlyFull() throws Exception {
        for (ServerUnderTest.Mode mode : ServerUnderTest.Mode.values()) {
            try (ServerUnderTest s = ServerUnderTest.start(mode)) {
                assertThat(BadInputTest.call(s, "CreateTable", TABLE).status()).isEqualTo(200);
                s.server.heap.force(true);
                RawHttp.Response throttled = BadInputTest.call(s, "PutItem", PUT);
                assertThat(throttled.status()).isEqualTo(400);
                assertThat(throttled.body()).isEqualTo(ExecutionTest.THROTTLED);
                s.server.heap.force(null);
                s.server.heap.sample(); // this test JVM's heap is far from full
                assertThat(s.server.heap.high()).isFalse();
                String count = BadInputTest.call(s, "Scan", "{\"TableName\":\"Heap\",\"Select\":\"COUNT\"}")
                        .body();
                assertThat(count).contains("\"Count\":0");
                assertThat(BadInputTest.call(s, "PutItem", PUT).status()).isEqualTo(200);
            }
        }
    }

    @Test
    void theThresholdIsAFraction() {
        assertThatThrownBy(() -> new HeapPressure(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HeapPressure(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new HeapPressure(1).high()).isFalse();
    }
}
