package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The server reads requests with DynamoDB's limits, not Jackson's defaults: a document 32 levels deep in the
 * deepest request shape (BatchWriteItem) is taken and one level more is a {@code SerializationException}; an
 * attribute name of 65,535 bytes is taken and longer ones are DynamoDB's {@code ValidationException}.
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
    void attributeNamesBelow65536BytesAreTakenAsInDynamoDb() throws Exception {
        String name = "n".repeat(65_535);
        HttpResponse<String> ok = batchPut(name, "{\"S\":\"x\"}");
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
        for (String tooLong : new String[] {name + "n", name + "nn"}) {
            HttpResponse<String> refused = batchPut(tooLong, "{\"S\":\"x\"}");
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(refused.body())
                    .contains("#ValidationException")
                    .contains("Attribute name is too large, must be less than 65536 bytes");
        }
    }
}
