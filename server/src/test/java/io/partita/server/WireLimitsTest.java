package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The server reads requests with DynamoDB's limits, not Jackson's defaults: a document 32 levels deep in the
 * deepest request shape (BatchWriteItem) and an attribute name of 64 KB are taken; one level or one byte more is
 * a {@code SerializationException}.
 */
class WireLimitsTest {
    private static final String TABLE =
            "{\"TableName\":\"Limits\",\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],"
                    + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
                    + "\"BillingMode\":\"PAY_PER_REQUEST\"}";

    @BeforeEach
    void table() throws Exception {
        TestServer.deleteAllTables();
        assertThat(Wire.call("CreateTable", TABLE).statusCode()).isEqualTo(200);
    }

    private static String nested(int levels) {
        return "{\"M\":{\"a\":".repeat(levels) + "{\"S\":\"x\"}" + "}}".repeat(levels);
    }

    private static HttpResponse<String> batchPut(String attribute, String value) throws Exception {
        return Wire.call(
                "BatchWriteItem",
                "{\"RequestItems\":{\"Limits\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"k\"},\"" + attribute + "\":"
                        + value + "}}}]}}");
    }

    @Test
    void aDocument32LevelsDeepIsTakenAnd33IsNot() throws Exception {
        assertThat(batchPut("doc", nested(32)).statusCode()).isEqualTo(200);
        HttpResponse<String> tooDeep = batchPut("doc", nested(33));
        assertThat(tooDeep.statusCode()).isEqualTo(400);
        assertThat(tooDeep.body()).contains("#SerializationException");
    }

    @Test
    void anAttributeNameOf64KbIsTakenAndOneByteMoreIsNot() throws Exception {
        String name = "n".repeat(64 * 1024);
        HttpResponse<String> ok = batchPut(name, "{\"S\":\"x\"}");
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
        HttpResponse<String> tooLong = batchPut(name + "n", "{\"S\":\"x\"}");
        assertThat(tooLong.statusCode()).isEqualTo(400);
        assertThat(tooLong.body()).contains("#SerializationException");
    }
}
