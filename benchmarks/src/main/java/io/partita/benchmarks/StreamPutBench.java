package io.partita.benchmarks;

import io.partita.storage.Storage;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * What a table's stream costs a put (issue 28's goal: at most 1.3× the put without one): puts of {@link Workload}
 * items on the in-memory core, on the same table without a stream ({@code none}) and with a {@code NEW_AND_OLD_IMAGES}
 * stream, in one run. The puts cycle over {@link Workload#POOL} keys in two versions that differ in one character of
 * {@code d}, alternating per cycle, so every put changes its item (a put of an identical item writes no record): an
 * INSERT record on the first cycle, a MODIFY with both images after. Records are kept for the 24-hour retention, so a
 * run holds every record it wrote: keep measurements short (the fork has 4 GB).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar StreamPutBench -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@State(Scope.Benchmark)
public class StreamPutBench {
    @Param({"none", "NEW_AND_OLD_IMAGES"})
    public String stream;

    private static final int N = 10_000;

    private Storage storage;
    /** Two versions of each put, by cycle parity. */
    private PutItemRequest[][] requests;

    private int next;

    @Setup(Level.Trial)
    public void start() {
        storage = Storage.inMemory();
        TableDefinition table = Workload.tableDefinition();
        if (!stream.equals("none")) {
            table = table.withStreamSpecification(StreamSpecification.enabled(StreamViewType.valueOf(stream)));
        }
        storage.createTable(table);
        for (long i = 0; i < N; i++) {
            storage.putItem(PutItemRequest.builder()
                    .tableName(Workload.TABLE)
                    .item(Workload.item(i, N))
                    .build());
        }
        requests = new PutItemRequest[2][Workload.POOL];
        for (int i = 0; i < Workload.POOL; i++) {
            Map<String, AttributeValue> item = Workload.item(N + i, N);
            requests[0][i] = PutItemRequest.builder()
                    .tableName(Workload.TABLE)
                    .item(item)
                    .build();
            Map<String, AttributeValue> changed = new LinkedHashMap<>(item);
            String d = item.get("d").asS();
            changed.put("d", AttributeValue.s((d.charAt(0) == 'z' ? 'y' : 'z') + d.substring(1)));
            requests[1][i] = PutItemRequest.builder()
                    .tableName(Workload.TABLE)
                    .item(changed)
                    .build();
        }
        CoreFixture.settle();
    }

    @TearDown(Level.Trial)
    public void stop() {
        storage.close();
    }

    @Benchmark
    public PutItemResponse putItem() {
        int i = next++;
        return storage.putItem(requests[(i >>> 16) & 1][i & (Workload.POOL - 1)]);
    }
}
