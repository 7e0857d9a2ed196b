package io.partita.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives each test a fresh embedded database. Test methods (and constructors) may declare parameters of type
 * {@link io.partita.Partita}, {@link io.partita.storage.Storage}, or any generated repository (a type with a
 * public static {@code of(Partita)} factory); all parameters of one test share one database, which is closed
 * when the test ends. After each test the storage core's invariant checker proves every index agrees with its
 * table, so a test also fails when the data it left behind is inconsistent.
 *
 * <pre>{@code
 * @PartitaTest
 * class LeaderboardTest {
 *     @Test
 *     void topScoresComeFirst(GameScoreRepository scores) {
 *         scores.put(new GameScore("u1", "Meteor Blasters", 1000, ...));
 *         assertThat(scores.gameTitleIndex("Meteor Blasters").descending().first()).isPresent();
 *     }
 * }
 * }</pre>
 *
 * <p>{@code gsiPropagationDelayMillis} above zero switches global secondary indexes to ASYNC propagation
 * with that delay on the system clock, to test an application against stale index reads.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(PartitaExtension.class)
public @interface PartitaTest {
    /** Milliseconds a write stays invisible in global secondary indexes; 0 (the default) updates them synchronously. */
    long gsiPropagationDelayMillis() default 0;

    /**
     * Give the test a durable database ({@code Partita.open}) in a fresh temporary directory, deleted after the
     * test, instead of an in-memory one (default false). The system property {@code partita.storage=durable}
     * switches every {@code @PartitaTest} to durable, to run a whole suite on disk.
     */
    boolean durable() default false;

    /** Run {@link io.partita.storage.Storage#checkInvariants()} after each test (default true). */
    boolean checkInvariants() default true;
}
