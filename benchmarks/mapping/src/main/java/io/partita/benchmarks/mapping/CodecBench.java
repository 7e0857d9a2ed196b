package io.partita.benchmarks.mapping;

import io.partita.mapping.AttributeCodec;
import io.partita.mapping.Codecs;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Diagnostic, not part of the goal: the encode / decode cost of each codec {@code Order} uses, one value of the
 * benchmark's kind, to see which attributes dominate {@code partitaToItem} / {@code partitaFromItem}.
 * {@code java -jar mapping-benchmarks.jar CodecBench -f 1 -wi 2 -i 3 -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
public class CodecBench {
    private static final AttributeCodec<OrderStatus> STATUS = Codecs.enumeration(OrderStatus.values());
    private static final AttributeCodec<Set<String>> TAGS = Codecs.set(Codecs.STRING);

    private Order order;
    private AttributeValue s;
    private AttributeValue instant;
    private AttributeValue status;
    private AttributeValue total;
    private AttributeValue count;
    private AttributeValue tags;

    @Setup
    public void setUp() {
        order = Fixtures.order(10); // three tags
        s = Codecs.STRING.encode(order.note());
        instant = Codecs.INSTANT.encode(order.createdAt());
        status = STATUS.encode(order.status());
        total = Codecs.BIG_DECIMAL.encode(order.total());
        count = Codecs.PRIMITIVE_INT.encode(order.itemCount());
        tags = TAGS.encode(order.tags());
    }

    @Benchmark
    public AttributeValue encodeString() {
        return Codecs.STRING.encode(order.note());
    }

    @Benchmark
    public AttributeValue encodeInstant() {
        return Codecs.INSTANT.encode(order.createdAt());
    }

    @Benchmark
    public AttributeValue encodeEnum() {
        return STATUS.encode(order.status());
    }

    @Benchmark
    public AttributeValue encodeBigDecimal() {
        return Codecs.BIG_DECIMAL.encode(order.total());
    }

    @Benchmark
    public AttributeValue encodeInt() {
        return Codecs.PRIMITIVE_INT.encode(order.itemCount());
    }

    @Benchmark
    public AttributeValue encodeStringSet() {
        return TAGS.encode(order.tags());
    }

    @Benchmark
    public String decodeString() {
        return Codecs.STRING.decode(s);
    }

    @Benchmark
    public Instant decodeInstant() {
        return Codecs.INSTANT.decode(instant);
    }

    @Benchmark
    public OrderStatus decodeEnum() {
        return STATUS.decode(status);
    }

    @Benchmark
    public BigDecimal decodeBigDecimal() {
        return Codecs.BIG_DECIMAL.decode(total);
    }

    @Benchmark
    public Integer decodeInt() {
        return Codecs.PRIMITIVE_INT.decode(count);
    }

    @Benchmark
    public Set<String> decodeStringSet() {
        return TAGS.decode(tags);
    }
}
