package io.partita.server;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Raw HTTP requests to the server, for what the SDK would not send (malformed JSON, unknown targets, huge bodies). */
final class Wire {
    static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private Wire() {}

    static HttpResponse<String> post(URI endpoint, String target, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint.resolve("/"))
                .timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/x-amz-json-1.0")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (target != null) {
            b.header("X-Amz-Target", target);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> call(String operation, String body) throws IOException, InterruptedException {
        return post(TestServer.server().endpoint(), "DynamoDB_20120810." + operation, body);
    }
}
