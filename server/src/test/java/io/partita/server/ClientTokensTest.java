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
        tokens.completed(put("tok", "a"), first, 100);
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
        tokens.completed(put("tok", "a"), new TransactWriteItemsResponse(List.of(), Map.of()), 100);
        now.addAndGet(ClientTokens.WINDOW_NANOS + 1);
        assertThat(tokens.replay(put("tok", "b"))).isNull();
    }

    @Test
    void rememberedRequestsAreBoundedByTheirBytesTheOldestForgottenFirst() {
        TransactWriteItemsResponse ok = new TransactWriteItemsResponse(List.of(), Map.of());
        int quarter = (int) (ClientTokens.CAPACITY_BYTES / 4);
        for (int i = 0; i < 5; i++) {
            tokens.completed(put("tok" + i, "a"), ok, quarter);
        }
        assertThat(tokens.size()).isEqualTo(4);
        assertThat(tokens.replay(put("tok0", "b"))).isNull(); // forgotten: a new token again
        assertThatThrownBy(() -> tokens.replay(put("tok1", "b"))).isInstanceOf(ApiException.class);
        tokens.completed(put("huge", "a"), ok, (int) ClientTokens.CAPACITY_BYTES + 1);
        assertThat(tokens.replay(put("huge", "b"))).isNull();
        assertThat(tokens.size()).isEqualTo(4);
    }
}
