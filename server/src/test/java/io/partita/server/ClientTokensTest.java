package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * {@code ClientRequestToken}'s 10-minute window on a clock the test moves: the same request within it is answered
 * again without running, another request with the token is {@code IdempotentParameterMismatchException}, and
 * after it the token is new again (DynamoDB's API reference, TransactWriteItems).
 */
class ClientTokensTest {
    private final AtomicLong now = new AtomicLong(1_000);
    private final ClientTokens tokens = new ClientTokens(now::get);

    private static TransactWriteItemsRequest put(String token, String pk) {
        return TransactWriteItemsRequest.builder()
                .clientRequestToken(token)
                .transactItems(List.of(
                        new TransactWriteItem.Put("t", Map.of("pk", AttributeValue.s(pk)), null, null, null, false)))
                .build();
    }

    @Test
    void theSameRequestWithinTheWindowIsAnsweredAgainAnotherOneIsAMismatch() {
        TransactWriteItemsResponse first = new TransactWriteItemsResponse(List.of(), Map.of());
        assertThat(tokens.replay(put("tok", "a"))).isNull();
        tokens.completed(put("tok", "a"), first);
        now.addAndGet(TimeUnit.MINUTES.toNanos(9));
        assertThat(tokens.replay(put("tok", "a"))).isSameAs(first);
        assertThatThrownBy(() -> tokens.replay(put("tok", "b")))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.type).isEqualTo("IdempotentParameterMismatchException"));
        assertThat(tokens.replay(put("other", "b"))).isNull();
        assertThat(tokens.replay(put(null, "a"))).isNull();
    }

    @Test
    void afterTenMinutesTheTokenIsNewAgain() {
        tokens.completed(put("tok", "a"), new TransactWriteItemsResponse(List.of(), Map.of()));
        now.addAndGet(ClientTokens.WINDOW_NANOS + 1);
        assertThat(tokens.replay(put("tok", "b"))).isNull();
    }
}
