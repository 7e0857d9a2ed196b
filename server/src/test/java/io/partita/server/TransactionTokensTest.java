package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.Storage;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code ClientRequestToken} on the two operations that take one, end to end through their planes: the first
 * transaction is held inside the core on a latch while a second request with its token arrives. DynamoDB's API
 * reference, https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html and
 * API_ExecuteTransaction.html ("Errors": {@code TransactionInProgressException} "The transaction with the given
 * request token is already in progress.", HTTP 400; {@code IdempotentParameterMismatchException} for a token
 * used with another payload; the token valid for 10 minutes after the first request completed). DynamoDB Local
 * cannot be held mid-transaction, so these are tested against the documentation.
 */
class TransactionTokensTest {
    private static final JsonFactory JSON = new JsonFactory();

    /** A core whose first TransactWriteItems waits for {@link #release}, counting the transactions run. */
    private static final class HoldingStorage extends ForwardingStorage {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger transactions = new AtomicInteger();

        HoldingStorage() {
            super(Storage.inMemory());
        }

        @Override
        public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
            if (transactions.incrementAndGet() == 1) {
                entered.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return delegate.transactWriteItems(request);
        }
    }

    /** One of the two operations, called as the dispatcher calls it. */
    private interface Operation {
        void call(byte[] body, int offset, int length, JsonGenerator g) throws IOException;
    }

    private final HoldingStorage storage = new HoldingStorage();
    private final ExecutorService firstThread = Executors.newSingleThreadExecutor();

    TransactionTokensTest() {
        storage.createTable(TableDefinition.builder("Games")
                .partitionKey(KeyAttribute.s("pk"))
                .build());
    }

    @AfterEach
    void close() {
        storage.release.countDown();
        firstThread.shutdownNow();
        storage.close();
    }

    private static String call(Operation op, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            op.call(bytes, 0, bytes.length, g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void assertError(Operation op, String body, String type) {
        assertThatThrownBy(() -> call(op, body)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.type).isEqualTo(type);
            assertThat(e.status).isEqualTo(400);
            assertThat(e.namespace).isEqualTo("com.amazonaws.dynamodb.v20120810#");
        });
    }

    /**
     * Holds {@code first} in the core; meanwhile {@code first} again is in progress and {@code other} (same token) a
     * mismatch; once it completed, {@code first} again is answered without a second transaction.
     */
    private void holdAndRetry(Operation op, String first, String other) throws Exception {
        CompletableFuture<String> held = CompletableFuture.supplyAsync(() -> call(op, first), firstThread);
        assertThat(storage.entered.await(30, TimeUnit.SECONDS)).isTrue();
        assertError(op, first, "TransactionInProgressException");
        assertError(op, other, "IdempotentParameterMismatchException");
        storage.release.countDown();
        String answer = held.get(30, TimeUnit.SECONDS);
        assertThat(call(op, first)).isEqualTo(answer);
        assertError(op, other, "IdempotentParameterMismatchException");
        assertThat(storage.transactions).hasValue(1);
    }

    @Test
    void transactWriteItemsInFlightIsInProgressThenReplayed() throws Exception {
        DataPlane data = new DataPlane(storage);
        holdAndRetry(
                data::transactWriteItems,
                "{\"ClientRequestToken\":\"tok\",\"TransactItems\":[{\"Put\":{\"TableName\":\"Games\",\"Item\":{\"pk\":{\"S\":\"a\"}}}}]}",
                "{\"ClientRequestToken\":\"tok\",\"TransactItems\":[{\"Put\":{\"TableName\":\"Games\",\"Item\":{\"pk\":{\"S\":\"b\"}}}}]}");
    }

    /** An INSERT of an item that exists fails, so a second run would show: the replay answers without running. */
    @Test
    void executeTransactionIsIdempotentAndInFlightIsInProgress() throws Exception {
        PartiQlPlane partiQl = new PartiQlPlane(storage);
        holdAndRetry(
                partiQl::executeTransaction,
                "{\"ClientRequestToken\":\"tok\",\"TransactStatements\":[{\"Statement\":\"INSERT INTO Games VALUE {'pk':'a'}\"}]}",
                "{\"ClientRequestToken\":\"tok\",\"TransactStatements\":[{\"Statement\":\"INSERT INTO Games VALUE {'pk':'b'}\"}]}");
        String again =
                "{\"ClientRequestToken\":\"new\",\"TransactStatements\":[{\"Statement\":\"INSERT INTO Games VALUE {'pk':'a'}\"}]}";
        assertThatThrownBy(() -> call(partiQl::executeTransaction, again))
                .isInstanceOf(RuntimeException.class); // the item exists: a new token runs it, and it fails
    }

    /** The same statements with other parameter values are another request. */
    @Test
    void executeTransactionParametersAreParameters() {
        PartiQlPlane partiQl = new PartiQlPlane(storage);
        storage.release.countDown();
        String a =
                "{\"ClientRequestToken\":\"p\",\"TransactStatements\":[{\"Statement\":\"INSERT INTO Games VALUE {'pk':?}\","
                        + "\"Parameters\":[{\"S\":\"a\"}]}]}";
        String b = a.replace("{\"S\":\"a\"}", "{\"S\":\"b\"}");
        call(partiQl::executeTransaction, a);
        call(partiQl::executeTransaction, a);
        assertError(partiQl::executeTransaction, b, "IdempotentParameterMismatchException");
        assertThat(storage.transactions).hasValue(1);
    }
}
