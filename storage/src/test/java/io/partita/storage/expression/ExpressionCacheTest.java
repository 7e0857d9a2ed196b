package io.partita.storage.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ValidationException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Parse once per distinct text: the bounded, thread-safe parse cache of Expressions. */
class ExpressionCacheTest {
    @Test
    @DisplayName("the same kind and text return the same parsed instance")
    void sameTextSameInstance() {
        assertThat(Expressions.parseCondition("cache1 = :v", ExpressionKind.CONDITION))
                .isSameAs(Expressions.parseCondition("cache1 = :v", ExpressionKind.CONDITION));
        assertThat(Expressions.parseUpdate("SET cache1 = :v")).isSameAs(Expressions.parseUpdate("SET cache1 = :v"));
        assertThat(Expressions.parseProjection("cache1")).isSameAs(Expressions.parseProjection("cache1"));
        assertThat(Expressions.parseKeyCondition("cache1 = :v")).isSameAs(Expressions.parseKeyCondition("cache1 = :v"));
    }

    @Test
    @DisplayName("condition and filter parses are cached apart (their messages name different parameters)")
    void kindsAreSeparate() {
        ConditionExpression c = Expressions.parseCondition("cache2 = :v", ExpressionKind.CONDITION);
        ConditionExpression f = Expressions.parseCondition("cache2 = :v", ExpressionKind.FILTER);
        assertThat(c).isNotSameAs(f);
        assertThatThrownBy(() -> f.test(java.util.Map.of(), Placeholders.NONE))
                .hasMessageStartingWith("Invalid FilterExpression: ");
    }

    @Test
    @DisplayName("invalid texts are not cached and fail every time")
    void failuresAreNotCached() {
        int before = Expressions.cachedCount(ExpressionKind.CONDITION);
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> Expressions.parseCondition("cache3 = = :v", ExpressionKind.CONDITION))
                    .isInstanceOf(ValidationException.class);
        }
        assertThat(Expressions.cachedCount(ExpressionKind.CONDITION)).isLessThanOrEqualTo(before);
    }

    @Test
    @DisplayName("the cache is bounded")
    void bounded() {
        for (int i = 0; i < Expressions.CACHE_CAPACITY_PER_KIND * 2 + 10; i++) {
            Expressions.parseProjection("p" + i);
            assertThat(Expressions.cachedCount(ExpressionKind.PROJECTION))
                    .isLessThanOrEqualTo(Expressions.CACHE_CAPACITY_PER_KIND);
        }
        // entries still work after eviction
        assertThat(Expressions.parseProjection("p1").topLevelAttributes(Placeholders.NONE))
                .containsExactly("p1");
    }

    @Test
    @DisplayName("concurrent parses of one text agree on one instance once cached")
    void concurrent() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<UpdateExpression>> futures = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                futures.add(pool.submit(() -> Expressions.parseUpdate("SET cache4 = :v")));
            }
            UpdateExpression first = Expressions.parseUpdate("SET cache4 = :v");
            for (Future<UpdateExpression> f : futures) {
                assertThat(f.get().valueRefs()).containsExactly(":v");
            }
            assertThat(Expressions.parseUpdate("SET cache4 = :v")).isSameAs(first);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    @DisplayName("parseCondition accepts only the CONDITION and FILTER kinds")
    void wrongKind() {
        assertThatThrownBy(() -> Expressions.parseCondition("a = :v", ExpressionKind.UPDATE))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
