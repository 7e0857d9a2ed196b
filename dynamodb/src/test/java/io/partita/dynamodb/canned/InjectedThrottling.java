package io.partita.dynamodb.canned;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * An SDK execution interceptor that counts every attempt (each HTTP transmission, retries included) and turns the
 * first {@code throttles} responses into DynamoDB's {@code ProvisionedThroughputExceededException} (HTTP 400).
 */
public final class InjectedThrottling implements ExecutionInterceptor {
    private static final byte[] THROTTLED = ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#"
                    + "ProvisionedThroughputExceededException\",\"message\":\"injected throttle\"}")
            .getBytes(StandardCharsets.UTF_8);

    private final AtomicInteger attempts = new AtomicInteger();
    private final AtomicInteger throttlesLeft;

    public InjectedThrottling(int throttles) {
        this.throttlesLeft = new AtomicInteger(throttles);
    }

    /** Throttles every response. */
    public static InjectedThrottling always() {
        return new InjectedThrottling(Integer.MAX_VALUE);
    }

    public int attempts() {
        return attempts.get();
    }

    private static final software.amazon.awssdk.core.interceptor.ExecutionAttribute<Boolean> THROTTLE =
            new software.amazon.awssdk.core.interceptor.ExecutionAttribute<>("partita.test.throttle");

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        attempts.incrementAndGet();
    }

    @Override
    public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        boolean throttle = throttlesLeft.getAndUpdate(n -> n > 0 && n != Integer.MAX_VALUE ? n - 1 : n) > 0;
        attributes.putAttribute(THROTTLE, throttle);
        return throttle
                ? context.httpResponse().toBuilder()
                        .statusCode(400)
                        .putHeader("Content-Length", Integer.toString(THROTTLED.length))
                        .build()
                : context.httpResponse();
    }

    @Override
    public Optional<InputStream> modifyHttpResponseContent(
            Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        return Boolean.TRUE.equals(attributes.getAttribute(THROTTLE))
                ? Optional.of(new ByteArrayInputStream(THROTTLED))
                : context.responseBody();
    }
}
