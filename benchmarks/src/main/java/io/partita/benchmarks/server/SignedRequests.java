package io.partita.benchmarks.server;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * Complete HTTP/1.1 requests as bytes — request line, the headers the SDK sends (SigV4 {@code Authorization},
 * {@code X-Amz-Date}, {@code X-Amz-Target}, content type and length) and the JSON body — signed once when built,
 * so a benchmark only writes bytes. Servers here do not check a signature's age.
 */
final class SignedRequests {
    private static final AwsV4HttpSigner SIGNER = AwsV4HttpSigner.create();
    private static final AwsCredentialsIdentity CREDENTIALS = AwsCredentialsIdentity.create("bench", "bench");

    private SignedRequests() {}

    static byte[] build(URI endpoint, String operation, String json) {
        SdkHttpRequest unsigned = SdkHttpRequest.builder()
                .method(SdkHttpMethod.POST)
                .uri(endpoint)
                .putHeader("Content-Type", "application/x-amz-json-1.0")
                .putHeader("X-Amz-Target", "DynamoDB_20120810." + operation)
                .build();
        SignedRequest signed = SIGNER.sign(r -> r.request(unsigned)
                .payload(ContentStreamProvider.fromUtf8String(json))
                .identity(CREDENTIALS)
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
                .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1"));
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST / HTTP/1.1\r\n");
        head.append("Host: ")
                .append(endpoint.getHost())
                .append(':')
                .append(endpoint.getPort())
                .append("\r\n");
        for (Map.Entry<String, List<String>> h : signed.request().headers().entrySet()) {
            if (!h.getKey().equalsIgnoreCase("Host")) {
                head.append(h.getKey())
                        .append(": ")
                        .append(String.join(",", h.getValue()))
                        .append("\r\n");
            }
        }
        head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + body.length);
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body);
        return out.toByteArray();
    }
}
