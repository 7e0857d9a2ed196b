package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Requests DynamoDB refuses (issue 33), over a socket to an in-memory and a durable server: each is answered with
 * DynamoDB's error type and wording, and nothing of it is written. Where DynamoDB Local answers otherwise it is
 * said at the case (server/README.md, "Bad input").
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputTest {
    private static final String TABLE = "BadInput";
    private static final String VALIDATION = "com.amazonaws.dynamodb.v20120810#ValidationException";
    private static final String SERIALIZATION = "com.amazonaws.dynamodb.v20120810#SerializationException";

    private ServerUnderTest memory;
    private ServerUnderTest durable;

    @BeforeAll
    void start() {
        memory = ServerUnderTest.start(ServerUnderTest.Mode.MEMORY);
        durable = ServerUnderTest.start(ServerUnderTest.Mode.DURABLE);
    }

    @AfterAll
    void stop() {
        memory.close();
        durable.close();
    }

    List<ServerUnderTest> servers() {
        return List.of(memory, durable);
    }

    @BeforeEach
    void table() throws IOException {
        for (ServerUnderTest s : servers()) {
            call(s, "DeleteTable", "{\"TableName\":\"" + TABLE + "\"}");
            RawHttp.Response created = call(
                    s,
                    "CreateTable",
                    "{\"TableName\":\"" + TABLE + "\",\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],"
                            + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
                            + "\"BillingMode\":\"PAY_PER_REQUEST\"}");
            assertThat(created.status()).as(created.body()).isEqualTo(200);
        }
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false) // the class closes its servers
    @MethodSource("servers")
    void aTransactionOver4MbIsRefusedAndWritesNothing(ServerUnderTest s) throws IOException {
        String value = "x".repeat(300 * 1024);
        StringBuilder body = new StringBuilder("{\"TransactItems\":[");
        for (int i = 0; i < 15; i++) {
            body.append(i == 0 ? "" : ",")
                    .append("{\"Put\":{\"TableName\":\"" + TABLE + "\",\"Item\":{\"pk\":{\"S\":\"k" + i + "\"},")
                    .append("\"v\":{\"S\":\"" + value + "\"}}}}");
        }
        RawHttp.Response r = call(s, "TransactWriteItems", body.append("]}").toString());
        // the 14th put of about 300 KB passes 4 MB (DynamoDB Local counts the same way and stops at the same action)
        assertError(r, 400, VALIDATION, "Transaction payload size cannot exceed 4MB. Payload Size: 4300874");
        assertThat(count(s)).isZero();
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false) // the class closes its servers
    @MethodSource("servers")
    void aClientRequestTokenHas1To36Characters(ServerUnderTest s) throws IOException {
        String put = "{\"TransactItems\":[{\"Put\":{\"TableName\":\"" + TABLE
                + "\",\"Item\":{\"pk\":{\"S\":\"t\"}}}}],\"ClientRequestToken\":\"%s\"}";
        String long37 = "a".repeat(37);
        assertError(
                call(s, "TransactWriteItems", String.format(put, long37)),
                400,
                VALIDATION,
                "1 validation error detected: Value '" + long37 + "' at 'clientRequestToken' failed to satisfy "
                        + "constraint: Member must have length less than or equal to 36");
        // DynamoDB Local takes "" (DynamoDB refuses it: the token's length is 1 to 36)
        assertError(
                call(s, "TransactWriteItems", String.format(put, "")),
                400,
                VALIDATION,
                "1 validation error detected: Value '' at 'clientRequestToken' failed to satisfy "
                        + "constraint: Member must have length greater than or equal to 1");
        assertThat(count(s)).isZero();
        assertThat(call(s, "TransactWriteItems", String.format(put, "a".repeat(36)))
                        .status())
                .isEqualTo(200);
        assertThat(count(s)).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false) // the class closes its servers
    @MethodSource("servers")
    void illFormedUtf8IsASerializationExceptionAndWritesNothing(ServerUnderTest s) throws IOException {
        // overlong NUL, an encoded surrogate, past U+10FFFF, a stray continuation byte, a truncated sequence
        for (String hex : List.of("c080", "eda080", "f4908080", "80", "e282", "ff")) {
            byte[] bad = HexFormat.of().parseHex(hex);
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            body.writeBytes(("{\"RequestItems\":{\"" + TABLE + "\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"a")
                    .getBytes(StandardCharsets.US_ASCII));
            body.writeBytes(bad);
            body.writeBytes("b\"}}}}]}}".getBytes(StandardCharsets.US_ASCII));
            RawHttp.Response r = callBytes(s, "BatchWriteItem", body.toByteArray());
            assertThat(r.status()).as(hex).isEqualTo(400);
            assertThat(r.body()).as(hex).contains(SERIALIZATION).contains("Invalid UTF-8 in the request body");
        }
        for (String escaped : List.of("\\ud800", "\\udc00x", "\\ud800\\u0041")) {
            RawHttp.Response r = call(
                    s, "PutItem", "{\"TableName\":\"" + TABLE + "\",\"Item\":{\"pk\":{\"S\":\"" + escaped + "\"}}}");
            assertThat(r.body()).as(escaped).contains(SERIALIZATION).contains("unpaired surrogate");
        }
        assertThat(count(s)).isZero();
        // a well-formed pair, four-byte UTF-8 and an escaped backslash before a 'u' are strings like any other
        String fine =
                "{\"TableName\":\"" + TABLE + "\",\"Item\":{\"pk\":{\"S\":\"\\ud83d\\ude00 \uD83D\uDE00 \\\\ud800\"}}}";
        assertThat(call(s, "PutItem", fine).status()).isEqualTo(200);
        assertThat(count(s)).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false) // the class closes its servers
    @MethodSource("servers")
    void aBatchWriteWithAnEmptyListForATableIsRefused(ServerUnderTest s) throws IOException {
        // DynamoDB Local: "The batch write request list for a table cannot be null or empty: BadInput"
        assertError(
                call(s, "BatchWriteItem", "{\"RequestItems\":{\"" + TABLE + "\":[]}}"),
                400,
                VALIDATION,
                "1 validation error detected: Value '{" + TABLE + "=[]}' at 'requestItems' failed to satisfy "
                        + "constraint: Map value must satisfy constraint: [Member must have length less than or equal "
                        + "to 25, Member must have length greater than or equal to 1]");
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false) // the class closes its servers
    @MethodSource("servers")
    void tagKeysAreStrings(ServerUnderTest s) throws IOException {
        String arn = call(s, "DescribeTable", "{\"TableName\":\"" + TABLE + "\"}")
                .body()
                .replaceAll("(?s).*\"TableArn\":\"([^\"]+)\".*", "$1");
        for (String keys : List.of("[5]", "[true]", "[null]", "[{}]")) {
            assertError(
                    call(s, "UntagResource", "{\"ResourceArn\":\"" + arn + "\",\"TagKeys\":" + keys + "}"),
                    400,
                    SERIALIZATION,
                    "Unexpected value type for TagKeys: expected a list of strings");
        }
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false) // the class closes its servers
    @MethodSource("servers")
    void theContentTypeIsDynamoDbs(ServerUnderTest s) throws IOException {
        for (String accepted : List.of(
                "application/x-amz-json-1.0", "application/x-amz-json-1.0; charset=utf-8", "APPLICATION/JSON")) {
            assertThat(callTyped(s, "ListTables", "{}", accepted).status())
                    .as(accepted)
                    .isEqualTo(200);
        }
        for (String refused : List.of("application/x-amz-json-1.1", "text/plain", "application/x-amz-cbor-1.1")) {
            assertError(
                    callTyped(
                            s, "PutItem", "{\"TableName\":\"" + TABLE + "\",\"Item\":{\"pk\":{\"S\":\"x\"}}}", refused),
                    404,
                    "com.amazon.coral.service#UnknownOperationException",
                    "Unsupported Content-Type '" + refused + "': DynamoDB's JSON protocol takes "
                            + "application/x-amz-json-1.0");
        }
        assertThat(count(s)).isZero();
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false) // the class closes its servers
    @MethodSource("servers")
    void aDocumentNests32LevelsInAnyRequestShape(ServerUnderTest s) throws IOException {
        // PutItem's items sit 4 JSON levels above BatchWriteItem's: the parser lets 34 levels through, the core refuses
        String put = "{\"TableName\":\"" + TABLE + "\",\"Item\":{\"pk\":{\"S\":\"%s\"},\"doc\":%s}}";
        assertThat(call(s, "PutItem", String.format(put, "ok", nested(32))).status())
                .isEqualTo(200);
        for (int levels : List.of(33, 34)) {
            RawHttp.Response r = call(s, "PutItem", String.format(put, "deep", nested(levels)));
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.body())
                    .contains(VALIDATION)
                    .contains(
                            "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels "
                                    + "beyond supported limit");
        }
        assertThat(count(s)).isEqualTo(1);
    }

    private static String nested(int levels) {
        return "{\"L\":[".repeat(levels / 2) + "{\"M\":{\"a\":".repeat(levels - levels / 2) + "{\"S\":\"x\"}"
                + "}}".repeat(levels - levels / 2) + "]}".repeat(levels / 2);
    }

    private static void assertError(RawHttp.Response r, int status, String type, String message) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(r.header("content-type")).isEqualTo("application/x-amz-json-1.0");
        assertThat(r.body()).isEqualTo("{\"__type\":\"" + type + "\",\"message\":\"" + message + "\"}");
    }

    private static long count(ServerUnderTest s) throws IOException {
        String body = call(s, "Scan", "{\"TableName\":\"" + TABLE + "\",\"Select\":\"COUNT\"}")
                .body();
        return Long.parseLong(body.replaceAll("(?s).*\"Count\":(\\d+).*", "$1"));
    }

    static RawHttp.Response call(ServerUnderTest s, String operation, String json) throws IOException {
        return callBytes(s, operation, json.getBytes(StandardCharsets.UTF_8));
    }

    private static RawHttp.Response callTyped(ServerUnderTest s, String operation, String json, String contentType)
            throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        String head = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810." + operation
                + "\r\nContent-Type: " + contentType + "\r\nContent-Length: " + body.length + "\r\n\r\n";
        try (Socket socket = RawHttp.connect(s.server)) {
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            return RawHttp.read(socket.getInputStream());
        }
    }

    static RawHttp.Response callBytes(ServerUnderTest s, String operation, byte[] body) throws IOException {
        try (Socket socket = RawHttp.connect(s.server)) {
            socket.getOutputStream().write(RawHttp.request(operation, body));
            socket.getOutputStream().flush();
            return RawHttp.read(socket.getInputStream());
        }
    }
}
