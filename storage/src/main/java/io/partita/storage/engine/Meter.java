package io.partita.storage.engine;

import io.partita.storage.api.Capacity;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.ReturnConsumedCapacity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Capacity a request consumes, per table and per index, following the seeds: reads in 4 KB units
 * (eventually consistent reads cost half), writes in 1 KB units, index writes by the GSI/LSI rules.
 */
final class Meter {
    static final int READ_UNIT = 4096;
    static final int WRITE_UNIT = 1024;

    private final Map<String, TableUsage> tables = new LinkedHashMap<>(2);

    /** Write units for an item or entry of this many bytes (at least one). */
    static int writeUnits(int bytes) {
        return Math.max(1, (bytes + WRITE_UNIT - 1) / WRITE_UNIT);
    }

    /** Read units for this many bytes read in one request (at least one), before the consistency factor. */
    static int readUnits(long bytes) {
        return (int) Math.max(1, (bytes + READ_UNIT - 1) / READ_UNIT);
    }

    /** Read units of one item read by key, whole and strongly consistent (an absent item costs one unit too). */
    static int itemReadUnits(Stored item) {
        return readUnits(item == null ? 0 : item.size());
    }

    /** The factor applied to read units: eventually consistent reads cost half. */
    static double consistency(boolean consistentRead) {
        return consistentRead ? 1.0 : 0.5;
    }

    /** A transaction reads (or condition-checks) each item at twice the strongly consistent units. */
    static double transactionalReadUnits(Stored item) {
        return 2.0 * itemReadUnits(item);
    }

    private TableUsage usage(String table) {
        return tables.computeIfAbsent(table, t -> new TableUsage());
    }

    void tableRead(String table, double units) {
        usage(table).read += units;
    }

    void tableWrite(String table, double units) {
        usage(table).write += units;
    }

    void indexRead(String table, String index, boolean global, double units) {
        TableUsage u = usage(table);
        (global ? u.gsis : u.lsis).merge(index, new double[] {units, 0}, Meter::add);
    }

    void indexWrite(String table, String index, boolean global, double units) {
        TableUsage u = usage(table);
        (global ? u.gsis : u.lsis).merge(index, new double[] {0, units}, Meter::add);
    }

    private static double[] add(double[] a, double[] b) {
        return new double[] {a[0] + b[0], a[1] + b[1]};
    }

    /** The report for one table, or null when the caller asked for none. */
    ConsumedCapacity report(String table, ReturnConsumedCapacity mode) {
        if (mode == ReturnConsumedCapacity.NONE) {
            return null;
        }
        TableUsage u = tables.getOrDefault(table, new TableUsage());
        return u.report(table, mode);
    }

    List<ConsumedCapacity> reportAll(ReturnConsumedCapacity mode) {
        if (mode == ReturnConsumedCapacity.NONE) {
            return List.of();
        }
        List<ConsumedCapacity> out = new ArrayList<>(tables.size());
        tables.forEach((name, u) -> out.add(u.report(name, mode)));
        return out;
    }

    private static final class TableUsage {
        double read;
        double write;
        final Map<String, double[]> gsis = new LinkedHashMap<>(4);
        final Map<String, double[]> lsis = new LinkedHashMap<>(2);

        ConsumedCapacity report(String table, ReturnConsumedCapacity mode) {
            double totalRead = read;
            double totalWrite = write;
            for (double[] v : gsis.values()) {
                totalRead += v[0];
                totalWrite += v[1];
            }
            for (double[] v : lsis.values()) {
                totalRead += v[0];
                totalWrite += v[1];
            }
            Capacity total = new Capacity(totalRead, totalWrite);
            if (mode == ReturnConsumedCapacity.TOTAL) {
                return new ConsumedCapacity(table, total, null, null, null);
            }
            return new ConsumedCapacity(
                    table, total, new Capacity(read, write), toCapacities(gsis), toCapacities(lsis));
        }

        private static Map<String, Capacity> toCapacities(Map<String, double[]> units) {
            Map<String, Capacity> out = new LinkedHashMap<>();
            units.forEach((k, v) -> out.put(k, new Capacity(v[0], v[1])));
            return out;
        }
    }
}
