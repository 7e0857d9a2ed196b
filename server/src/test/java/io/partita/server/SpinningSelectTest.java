package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.SelectStrategy;
import io.netty.util.IntSupplier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The event loop's spin before it blocks ({@link SpinningSelect}), on a clock the test moves: it spins only when the
 * loop's previous wait ended within the budget, never longer than the budget, and otherwise blocks at once, so an idle
 * server or a client that pauses between requests never makes a loop spin.
 */
class SpinningSelectTest {
    private static final long BUDGET = 50_000;

    private long now = 1_000_000_000L;

    /** selectNow's answers in turn (0 when they run out); each call takes {@code step} nanoseconds of the clock. */
    private final class Poll implements IntSupplier {
        final Deque<Integer> answers;
        final long step;
        int calls;

        Poll(long step, Integer... answers) {
            this.step = step;
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public int get() {
            calls++;
            now += step;
            Integer a = answers.poll();
            return a == null ? 0 : a;
        }
    }

    @Test
    void aFreshLoopBlocksAtOnce() throws Exception {
        SpinningSelect select = new SpinningSelect(BUDGET, () -> now, new SpinningSelect.Gate(1));
        Poll poll = new Poll(1_000);
        assertThat(select.calculateStrategy(poll, false)).isEqualTo(SelectStrategy.SELECT);
        assertThat(poll.calls).isZero();
    }

    @Test
    void requestsCloseTogetherAreFoundBySpinningAndKeepItSpinning() throws Exception {
        SpinningSelect select = new SpinningSelect(BUDGET, () -> now, new SpinningSelect.Gate(1));
        select.calculateStrategy(new Poll(1_000), false); // blocks; a request wakes it 10 µs later
        now += 10_000;
        Poll poll = new Poll(2_000, 0, 0, 1);
        assertThat(select.calculateStrategy(poll, false)).isEqualTo(1);
        assertThat(poll.calls).isEqualTo(3);
        now += 5_000; // the request's work, then the next wait
        Poll next = new Poll(2_000, 0, 2);
        assertThat(select.calculateStrategy(next, false)).isEqualTo(2);
        assertThat(next.calls).isEqualTo(2);
    }

    @Test
    void aSpinEndsAtItsBudgetAndAnIdleLoopThenBlocksAtOnce() throws Exception {
        SpinningSelect select = new SpinningSelect(BUDGET, () -> now, new SpinningSelect.Gate(1));
        select.calculateStrategy(new Poll(1_000), false);
        now += 10_000;
        Poll spin = new Poll(10_000); // nothing comes
        assertThat(select.calculateStrategy(spin, false)).isEqualTo(SelectStrategy.SELECT);
        assertThat(spin.calls).isEqualTo(5); // 50 µs of polls, 10 µs each
        now += 1_000_000; // idle for a millisecond: the next wait blocks without a poll
        Poll idle = new Poll(1_000, 1);
        assertThat(select.calculateStrategy(idle, false)).isEqualTo(SelectStrategy.SELECT);
        assertThat(idle.calls).isZero();
    }

    @Test
    void aClientPausingLongerThanTheBudgetNeverMakesItSpin() throws Exception {
        SpinningSelect select = new SpinningSelect(BUDGET, () -> now, new SpinningSelect.Gate(1));
        for (int request = 0; request < 100; request++) {
            Poll poll = new Poll(1_000, 1);
            assertThat(select.calculateStrategy(poll, false)).isEqualTo(SelectStrategy.SELECT);
            assertThat(poll.calls).isZero();
            now += 200_000; // an SDK client's 200 µs between an answer and its next request
        }
    }

    @Test
    void whileOneLoopSpinsAnotherBlocksAtOnce() throws Exception {
        SpinningSelect.Gate gate = new SpinningSelect.Gate(1);
        SpinningSelect spinning = new SpinningSelect(BUDGET, () -> now, gate);
        SpinningSelect other = new SpinningSelect(BUDGET, () -> now, gate);
        spinning.calculateStrategy(new Poll(1_000), false);
        other.calculateStrategy(new Poll(1_000), false);
        now += 10_000; // both loops' requests come close together
        int[] otherCalls = new int[1];
        int[] otherStrategy = new int[1];
        IntSupplier pollThenAskTheOther = () -> {
            now += 1_000;
            if (otherCalls[0] == 0) {
                Poll poll = new Poll(1_000, 1);
                try {
                    otherStrategy[0] = other.calculateStrategy(poll, false); // asked while the first one spins
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
                otherCalls[0] = 1 + poll.calls;
                return 0;
            }
            return 1; // the first loop's request comes on its second poll
        };
        assertThat(spinning.calculateStrategy(pollThenAskTheOther, false)).isEqualTo(1);
        assertThat(otherStrategy[0]).isEqualTo(SelectStrategy.SELECT);
        assertThat(otherCalls[0]).as("the other loop polled nothing").isEqualTo(1);
        now += 10_000; // the first loop has stopped spinning: the other one may spin now
        Poll poll = new Poll(1_000, 0, 3);
        assertThat(other.calculateStrategy(poll, false)).isEqualTo(3);
        assertThat(poll.calls).isEqualTo(2);
    }

    @Test
    void aGateLetsAtLeastOneLoopSpin() {
        assertThatThrownBy(() -> new SpinningSelect.Gate(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("at least one loop may spin, got 0");
    }

    @Test
    void pendingTasksPollOnceAsNettysDefault() throws Exception {
        SpinningSelect select = new SpinningSelect(BUDGET, () -> now, new SpinningSelect.Gate(1));
        Poll poll = new Poll(1_000);
        assertThat(select.calculateStrategy(poll, true)).isZero();
        assertThat(poll.calls).isEqualTo(1);
    }

    @Test
    void onByDefaultAndTheSystemPropertySetsItsBudgetOrTurnsItOff() {
        String key = "partita.server.selectSpinMicros";
        String saved = System.getProperty(key);
        try {
            System.clearProperty(key);
            assertThat(SpinningSelect.fromSystemProperty()).as("on by default").isNotNull();
            System.setProperty(key, "50");
            assertThat(SpinningSelect.fromSystemProperty()).isNotNull();
            System.setProperty(key, "0");
            assertThat(SpinningSelect.fromSystemProperty()).isNull();
            System.setProperty(key, "-1");
            assertThatThrownBy(SpinningSelect::fromSystemProperty)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("partita.server.selectSpinMicros is 0 (no spin) to 1000 microseconds, got -1");
            System.setProperty(key, "fast");
            assertThatThrownBy(SpinningSelect::fromSystemProperty)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("partita.server.selectSpinMicros is a whole number of microseconds, got 'fast'");
        } finally {
            if (saved == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, saved);
            }
        }
    }
}
