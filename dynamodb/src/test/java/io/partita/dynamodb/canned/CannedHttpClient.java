package io.partita.dynamodb.canned;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * An SDK HTTP client that answers every request with a canned 200 response body (the next queued one, else the
 * default), so SDK clients run their whole request pipeline — marshalling, signing, interceptors, retries,
 * unmarshalling — without a network. Counts the requests it answered.
 */
public final class CannedHttpClient implements SdkHttpClient {
    private final Deque<String> queued = new ArrayDeque<>();
    private volatile byte[] defaultBody;
    private final AtomicInteger requests = new AtomicInteger();

    public CannedHttpClient(String defaultBody) {
        this.defaultBody = defaultBody.getBytes(StandardCharsets.UTF_8);
    }

    /** Answers the next request with {@code body} (then falls back to the default). */
    public synchronized CannedHttpClient thenAnswer(String body) {
        queued.add(body);
        return this;
    }

    /** Answers every request with {@code body} from now on. */
    public CannedHttpClient answer(String body) {
        this.defaultBody = body.getBytes(StandardCharsets.UTF_8);
        return this;
    }

    public int requests() {
        return requests.get();
    }

    /** {@code builder} set up for this client: any region, static credentials, a dummy endpoint. */
    public DynamoDbClientBuilder configure(DynamoDbClientBuilder builder) {
        return builder.httpClient(this)
                .region(Region.US_EAST_1)
                .endpointOverride(java.net.URI.create("http://canned.invalid"))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")));
    }

    private synchronized byte[] next() {
        String body = queued.poll();
        return body == null ? defaultBody : body.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                requests.incrementAndGet();
                byte[] body = next();
                return HttpExecuteResponse.builder()
                        .response(SdkHttpResponse.builder()
                                .statusCode(200)
                                .putHeader("Content-Type", "application/x-amz-json-1.0")
                                .putHeader("Content-Length", Integer.toString(body.length))
                                .build())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
                        .build();
            }

            @Override
            public void abort() {}
        };
    }

    @Override
    public String clientName() {
        return "canned";
    }

    @Override
    public void close() {}
}
