package io.partita.benchmarks;

import io.partita.storage.Storage;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.value.AttributeValue;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Retained heap per item stored in the core, on the {@link Workload} table (200-byte items, 3 GSIs + 1 LSI).
 *
 * <p>Method: live heap is read from {@link MemoryMXBean} right after full collections ({@code System.gc()}, repeated
 * until two readings agree within 64 KB), first with the empty table, then after loading {@code n/2} items, then
 * after {@code n}. The items are generated on the fly and not kept by this class, so everything that survives is
 * held by the core. Reported: the average over all {@code n} items, and the marginal cost of the second half
 * (slope), which cancels fixed costs such as the table's empty structures and warm-up allocations. Run with
 * {@code -XX:+UseSerialGC} (as {@link Report} does) so that {@code System.gc()} is a full, compacting, stop-the-world
 * collection and "used" counts live objects only. For scale, the same measurement is made for the input maps
 * themselves ({@code Map<String, AttributeValue>} as the benchmarks build them) held in a list.
 *
 * <p>Prints one line {@code RESULT bytesPerItem=<avg> slope=<marginal> inputMapBytes=<map>} for {@link Report}.
 */
public final class HeapPerItem {
    private HeapPerItem() {}

    @SuppressWarnings("ReachabilityFenceUsage") // the fence ends a heap measurement; no exception path to cover
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        n -= n % (2 * Workload.QUERY_PAGE);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();

        Storage storage = Storage.inMemory();
        storage.createTable(Workload.tableDefinition());
        // Warm the write path once (class loading, JIT, lazily built structures), then measure from an empty table.
        storage.putItem(put(Workload.item(0, n)));
        storage.deleteItem(io.partita.storage.api.DeleteItemRequest.builder()
                .tableName(Workload.TABLE)
                .key(Workload.key(0))
                .build());
        long base = liveHeap(memory);
        for (long i = 0; i < n / 2; i++) {
            storage.putItem(put(Workload.item(i, n)));
        }
        long half = liveHeap(memory);
        for (long i = n / 2; i < n; i++) {
            storage.putItem(put(Workload.item(i, n)));
        }
        long full = liveHeap(memory);
        // What DynamoDB accounts for the same data: item sizes plus each index entry with its 100-byte overhead.
        io.partita.storage.api.TableDescription d = storage.describeTable(Workload.TABLE);
        long accounted = d.sizeBytes();
        for (io.partita.storage.api.IndexDescription x : d.indexes()) {
            accounted += x.sizeBytes();
        }
        Reference.reachabilityFence(storage);
        storage.close();
        storage = null;
        long inputMapBytes = inputMapBytes(memory, Math.min(n, 100_000));

        double avg = (double) (full - base) / n;
        double slope = (double) (full - half) / (n - n / 2);
        System.out.printf(
                "items stored: %,d (each %d bytes as DynamoDB sizes it; 3 GSIs + 1 LSI, every index key set)%n",
                n, Workload.ITEM_SIZE);
        System.out.printf(
                "live heap: empty table %,d B, %,d items %,d B, %,d items %,d B%n", base, n / 2, half, n, full);
        System.out.printf("heap per stored item: %.0f B average, %.0f B marginal (second half)%n", avg, slope);
        System.out.printf(
                "DynamoDB-accounted size per item (item + its 4 index entries with 100 B overhead each): %.0f B;"
                        + " heap / accounted = %.2f%n",
                (double) accounted / n, avg / ((double) accounted / n));
        System.out.printf(
                "for scale: one input item map (LinkedHashMap of the core's AttributeValues) retains %d B%n",
                inputMapBytes);
        System.out.printf(
                "RESULT bytesPerItem=%.0f slope=%.0f inputMapBytes=%d accounted=%.0f%n",
                avg, slope, inputMapBytes, (double) accounted / n);
    }

    private static PutItemRequest put(Map<String, AttributeValue> item) {
        return PutItemRequest.builder().tableName(Workload.TABLE).item(item).build();
    }

    @SuppressWarnings("ReachabilityFenceUsage") // the fence ends a heap measurement; no exception path to cover
    private static long inputMapBytes(MemoryMXBean memory, int count) {
        long before = liveHeap(memory);
        List<Map<String, AttributeValue>> items = new ArrayList<>(count);
        for (long i = 0; i < count; i++) {
            items.add(Workload.item(i, count));
        }
        long after = liveHeap(memory);
        Reference.reachabilityFence(items);
        return (after - before - 40L - 4L * count) / count; // less the ArrayList and its array (compressed oops)
    }

    /**
     * Used heap after full collections: at least three, then until two consecutive readings agree within 64 KB
     * (a single {@code System.gc()} was seen to leave a freshly dropped 100 MB list in place once); the lowest
     * reading is returned.
     */
    static long liveHeap(MemoryMXBean memory) {
        long previous = Long.MAX_VALUE;
        long min = Long.MAX_VALUE;
        for (int round = 0; round < 12; round++) {
            System.gc();
            long used = memory.getHeapMemoryUsage().getUsed();
            min = Math.min(min, used);
            if (round >= 2 && Math.abs(previous - used) < 64 * 1024) {
                break;
            }
            previous = used;
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return min;
    }
}
