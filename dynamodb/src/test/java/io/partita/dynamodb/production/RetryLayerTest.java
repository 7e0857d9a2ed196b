package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Partita;
import io.partita.RetryPolicy;
import io.partita.TableNameResolver;
import io.partita.dynamodb.DynamoDbBackend;
import io.partita.dynamodb.PartitaDynamoDb;
import io.partita.dynamodb.canned.CannedHttpClient;
import io.partita.dynamodb.canned.InjectedThrottling;
import io.partita.storage.ProvisionedThroughputExceededException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreRepository;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One retry layer: on DynamoDB the SDK client's retry strategy decides how often a throttled request is sent;
 * Partita adds no attempts (it only resends a batch's unprocessed items). Throttles are injected by an SDK
 * execution interceptor that also counts the attempts; the HTTP client answers canned responses.
 */
class RetryLayerTest {
    private static final int SDK_MAX_ATTEMPTS = 4;
    private static final RetryPolicy NO_WAIT = RetryPolicy.defaults().withSleeper(d -> {});

    private static DynamoDbClient client(CannedHttpClient http, InjectedThrottling throttling) {
        return http.configure(DynamoDbClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(throttling)
                        .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                                .maxAttempts(SDK_MAX_ATTEMPTS)
                                .backoffStrategy(BackoffStrategy.retryImmediately())
                                .throttlingBackoffStrategy(BackoffStrategy.retryImmediately())
                                .circuitBreakerEnabled(false)
                                .build()))
                .build();
    }

    @Test
    void aThrottledRequestIsSentTheSdksMaximumNumberOfTimesNotAProduct() {
        InjectedThrottling throttling = InjectedThrottling.always();
        try (DynamoDbClient sdk = client(new CannedHttpClient("{}"), throttling);
                Partita db = PartitaDynamoDb.builder(sdk).retryPolicy(NO_WAIT).build()) {
            GameScoreRepository scores = GameScoreRepository.of(db);
            assertThatThrownBy(() -> scores.get("u1", "Galaxy"))
                    .isInstanceOf(ProvisionedThroughputExceededException.class);
            assertThat(throttling.attempts()).isEqualTo(SDK_MAX_ATTEMPTS);
        }
    }

    @Test
    void twoRetryLayersWouldMultiplyTheAttempts() {
        // what PartitaDynamoDb avoids: the generic path keeps Partita's own throttle retries over the SDK's
        InjectedThrottling throttling = InjectedThrottling.always();
        try (DynamoDbClient sdk = client(new CannedHttpClient("{}"), throttling);
                Partita db = Partita.builder(new DynamoDbBackend(sdk))
                        .createTablesOnOpen(false)
                        .retryPolicy(NO_WAIT)
                        .build()) {
            assertThatThrownBy(() -> GameScoreRepository.of(db).get("u1", "Galaxy"))
                    .isInstanceOf(ProvisionedThroughputExceededException.class);
            assertThat(throttling.attempts()).isEqualTo(SDK_MAX_ATTEMPTS * RetryPolicy.DEFAULT_MAX_ATTEMPTS);
        }
    }

    @Test
    void aRequestThrottledLessThanTheSdkAllowsSucceeds() {
        InjectedThrottling throttling = new InjectedThrottling(SDK_MAX_ATTEMPTS - 1);
        String item =
                "{\"Item\":{\"UserId\":{\"S\":\"u1\"},\"GameTitle\":{\"S\":\"Galaxy\"},\"TopScore\":{\"N\":\"7\"},"
                        + "\"Wins\":{\"N\":\"1\"},\"Losses\":{\"N\":\"2\"}}}";
        try (DynamoDbClient sdk = client(new CannedHttpClient(item), throttling);
                Partita db = PartitaDynamoDb.of(sdk)) {
            assertThat(GameScoreRepository.of(db).get("u1", "Galaxy"))
                    .map(GameScore::topScore)
                    .contains(7);
            assertThat(throttling.attempts()).isEqualTo(SDK_MAX_ATTEMPTS);
        }
    }

    @Test
    void partitaResendsUnprocessedBatchItemsWhichTheSdkCannot() {
        CannedHttpClient http = new CannedHttpClient("{}")
                .thenAnswer("{\"UnprocessedItems\":{\"GameScores\":[{\"PutRequest\":{\"Item\":"
                        + "{\"UserId\":{\"S\":\"u1\"},\"GameTitle\":{\"S\":\"Galaxy\"},\"Wins\":{\"N\":\"0\"},"
                        + "\"Losses\":{\"N\":\"0\"}}}}]}}");
        InjectedThrottling counting = new InjectedThrottling(0);
        try (DynamoDbClient sdk = client(http, counting);
                Partita db = PartitaDynamoDb.builder(sdk).retryPolicy(NO_WAIT).build()) {
            GameScoreRepository scores = GameScoreRepository.of(db);
            db.batchWrite(b -> b.put(scores, new GameScore("u1", "Galaxy", null, Instant.EPOCH, 0, 0))
                    .put(scores, new GameScore("u2", "Galaxy", null, Instant.EPOCH, 0, 0)));
            assertThat(counting.attempts()).isEqualTo(2);
        }
    }

    @Test
    void unprocessedItemsOfARenamedTableAreResentToTheSameTable() {
        CannedHttpClient http = new CannedHttpClient("{}")
                .thenAnswer("{\"UnprocessedItems\":{\"dev-GameScores\":[{\"PutRequest\":{\"Item\":"
                        + "{\"UserId\":{\"S\":\"u1\"},\"GameTitle\":{\"S\":\"Galaxy\"},\"Wins\":{\"N\":\"0\"},"
                        + "\"Losses\":{\"N\":\"0\"}}}}]}}");
        List<String> bodies = new CopyOnWriteArrayList<>();
        ExecutionInterceptor requests = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution c, ExecutionAttributes a) {
                bodies.add(c.request().toString());
            }
        };
        try (DynamoDbClient sdk = http.configure(DynamoDbClient.builder())
                        .overrideConfiguration(o -> o.addExecutionInterceptor(requests))
                        .build();
                Partita db = PartitaDynamoDb.builder(sdk)
                        .tableNames(TableNameResolver.prefix("dev-"))
                        .retryPolicy(NO_WAIT)
                        .build()) {
            GameScoreRepository scores = GameScoreRepository.of(db);
            db.batchWrite(b -> b.put(scores, new GameScore("u1", "Galaxy", null, Instant.EPOCH, 0, 0))
                    .put(scores, new GameScore("u2", "Galaxy", null, Instant.EPOCH, 0, 0)));
        }
        assertThat(bodies).hasSize(2).allSatisfy(b -> assertThat(b).contains("RequestItems={dev-GameScores="));
        assertThat(bodies.get(1)).contains("u1").doesNotContain("u2");
    }

    @Test
    void onTheEmbeddedCorePartitaRetriesTheThroughputModelsThrottles() {
        ThrottledCore throttlingTwice = new ThrottledCore(2);
        try (Partita db = Partita.builder(throttlingTwice)
                .retryPolicy(NO_WAIT.withDelays(Duration.ZERO, Duration.ZERO))
                .build()) {
            assertThat(db.retriesThrottles()).isTrue();
            GameScoreRepository.of(db).put(new GameScore("u1", "Galaxy", 1, Instant.EPOCH, 0, 0));
            assertThat(throttlingTwice.calls()).isEqualTo(3);
        }
    }
}
