package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Numbers over HTTP (issue 33): text outside DynamoDB's number grammar is a {@code ValidationException} with
 * DynamoDB's message, and a key number of a million digits is rejected for its precision after one pass over it —
 * the server stays free for the next request.
 */
class WireNumbersTest {
    private static final String TABLE =
            "{\"TableName\":\"Numbers\",\"KeySchema\":[{\"AttributeName\":\"id\",\"KeyType\":\"HASH\"}],"
                    + "\"AttributeDefinitions\":[{\"AttributeName\":\"id\",\"AttributeType\":\"N\"}],"
                    + "\"BillingMode\":\"PAY_PER_REQUEST\"}";

    @BeforeEach
    void table() throws Exception {
        TestServer.deleteAllTables();
        assertThat(Wire.call("CreateTable", TABLE).statusCode()).isEqualTo(200);
    }

    private static HttpResponse<String> put(String id, String number) throws Exception {
        return Wire.call(
                "PutItem",
                "{\"TableName\":\"Numbers\",\"Item\":{\"id\":{\"N\":\"" + id + "\"},\"n\":{\"N\":\"" + number
                        + "\"}}}");
    }

    @Test
    void numbersOutsideTheGrammarCannotBeConverted() throws Exception {
        for (String bad : List.of("1 ", "1.", "\u0661\u0662\u0663")) {
            HttpResponse<String> response = put("1", bad);
            assertThat(response.statusCode()).as("[%s]", bad).isEqualTo(400);
            assertThat(response.body())
                    .as("[%s]", bad)
                    .contains("#ValidationException")
                    .contains("A value provided cannot be converted into a number: '" + bad + "'");
        }
        assertThat(put("1", "-.5e2").statusCode()).isEqualTo(200);
    }

    @Test
    void aMillionDigitKeyIsTooPrecise() throws Exception {
        String digits = "9".repeat(1_000_000);
        HttpResponse<String> response =
                Wire.call("GetItem", "{\"TableName\":\"Numbers\",\"Key\":{\"id\":{\"N\":\"" + digits + "\"}}}");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body())
                .contains("#ValidationException")
                .contains("Attempting to store more than 38 significant digits in a Number");
        assertThat(Wire.call("ListTables", "{}").statusCode()).isEqualTo(200);
    }
}
