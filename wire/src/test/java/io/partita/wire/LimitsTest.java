package io.partita.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.value.AttributeValue;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** DynamoDB's limits on the wire, at the limit (accepted) and one past it (rejected). */
class LimitsTest {
    /** An attribute value nesting {@code levels} maps: {@code {"M":{"a":{"M":{... {"S":"x"}}}}}}. */
    private static String nested(int levels) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < levels; i++) {
            b.append("{\"M\":{\"a\":");
        }
        b.append("{\"S\":\"x\"}");
        b.append("}}".repeat(levels));
        return b.toString();
    }

    private static BatchWriteItemRequest batchPut(String value) {
        byte[] body = ("{\"RequestItems\":{\"T\":[{\"PutRequest\":{\"Item\":{\"pk\":" + value + "}}}]}}")
                .getBytes(StandardCharsets.UTF_8);
        return Requests.batchWriteItem(body, 0, body.length);
    }

    private static int depth(AttributeValue v) {
        return v instanceof AttributeValue.M m ? 1 + depth(m.values().get("a")) : 0;
    }

    @Test
    void documentsNest32LevelsInTheDeepestRequestShape() {
        BatchWriteItemRequest r = batchPut(nested(Wire.MAX_DOCUMENT_LEVELS));
        WriteRequest.Put put = (WriteRequest.Put) r.requestItems().get("T").get(0);
        assertThat(depth(put.item().get("pk"))).isEqualTo(32);
        assertThatThrownBy(() -> batchPut(nested(Wire.MAX_DOCUMENT_LEVELS + 1)))
                .isInstanceOfSatisfying(
                        WireException.class, e -> assertThat(e.type()).isEqualTo(WireException.SERIALIZATION))
                .hasMessageContaining("nesting depth");
    }

    @Test
    void theJsonDepthAllowedIsExactlyThatOfThirtyTwoLevels() {
        assertThat(Wire.MAX_NESTING_DEPTH).isEqualTo(71);
        // a list level is as deep as a map level: {"L":[ {...} ]}
        String list32 = "{\"L\":[".repeat(32) + "{\"S\":\"x\"}" + "]}".repeat(32);
        assertThat(batchPut(list32).requestItems()).containsKey("T");
        String list33 = "{\"L\":[".repeat(33) + "{\"S\":\"x\"}" + "]}".repeat(33);
        assertThatThrownBy(() -> batchPut(list33)).isInstanceOf(WireException.class);
    }

    @Test
    void namesAreReadUpToTheReadersBoundAndDynamoDbsLimitIsLeftToTheCore() {
        String overDynamoDbs = "a".repeat(65_536); // the core refuses it with DynamoDB's ValidationException
        byte[] ok = ("{\"TableName\":\"T\",\"Item\":{\"" + overDynamoDbs + "\":{\"S\":\"x\"}}}")
                .getBytes(StandardCharsets.UTF_8);
        PutItemRequest r = Requests.putItem(ok, 0, ok.length);
        assertThat(r.item()).containsKey(overDynamoDbs);
        String tooLong = "a".repeat(Wire.MAX_NAME_BYTES + 1);
        byte[] refused =
                ("{\"TableName\":\"T\",\"Item\":{\"" + tooLong + "\":{\"S\":\"x\"}}}").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> Requests.putItem(refused, 0, refused.length))
                .isInstanceOfSatisfying(
                        WireException.class, e -> assertThat(e.type()).isEqualTo(WireException.SERIALIZATION))
                .hasMessageContaining("Name length");
    }
}
