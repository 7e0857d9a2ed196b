package io.partita.benchmarks.durable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.Stream;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.tx.Transaction;
import org.h2.mvstore.tx.TransactionMap;
import org.h2.mvstore.tx.TransactionStore;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The engine choice of issue 11, measured: RocksDB and H2 MVStore driven the way the core's write path drives
 * its store. One put is one atomic write of five byte-keyed entries (the base item, 3 GSI entries, 1 LSI entry:
 * 200-byte item, entries sized like the benchmark table's projections) that must be durable against a process
 * crash when the call returns; a get is one point read; a query is a seek plus ten entries of one GSI partition.
 * Keys are the core's order keys (4-byte partition hash, then the key parts), compared as unsigned bytes.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.durable.EnginePrototype [items]}
 */
public final class EnginePrototype {
    static final int VALUE = 200;

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        prepare(n + 2_000);
        Path root = Files.createTempDirectory("engine-proto");
        try {
            rocks(root.resolve("rocks"), n);
            mvstore(root.resolve("mv-commit"), n, true);
            mvstoreTx(root.resolve("mv-tx"), n);
        } finally {
            try (Stream<Path> s = Files.walk(root)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    static byte[][][] KEYS;
    static final byte[][] VALUES = new byte[1024][];

    static byte[][] keys(int i) {
        return KEYS[i];
    }

    static void prepare(int total) {
        KEYS = new byte[total][][];
        for (int i = 0; i < total; i++) {
            KEYS[i] = makeKeys(i);
        }
        Random r = new Random(7);
        for (int i = 0; i < VALUES.length; i++) {
            VALUES[i] = new byte[VALUE];
            r.nextBytes(VALUES[i]);
        }
    }

    static byte[][] makeKeys(int i) {
        Random r = new Random(i);
        byte[][] k = new byte[5][];
        k[0] = key(0, "pk" + (i / 4), "sk" + i);
        k[1] = key(1, "g1-" + (i / 10), String.format("%08d", r.nextInt(1_000_000)) + i);
        k[2] = key(2, "g2-" + r.nextInt(1000), "pk" + i);
        k[3] = key(3, "g3-" + r.nextInt(64), "x" + r.nextInt() + i);
        k[4] = key(4, "pk" + (i / 4), String.format("%08d", r.nextInt()) + i);
        return k;
    }

    static final int[] SIZES = {VALUE, VALUE, 60, 120, VALUE};

    static byte[] key(int space, String pk, String sk) {
        byte[] p = pk.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] s = sk.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(2 + 4 + p.length + 1 + s.length);
        b.putShort((short) space)
                .putInt(pk.hashCode() * 0x9E3779B1)
                .put(p)
                .put((byte) 0)
                .put(s);
        return b.array();
    }

    /** A pre-built value of {@code size} bytes (pools of random bytes, so compression gains nothing). */
    static byte[] value(int i, int size) {
        byte[] v = VALUES[(i * 7 + size) & (VALUES.length - 1)];
        return size == VALUE ? v : java.util.Arrays.copyOf(v, size);
    }

    static long wchar() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
            if (line.startsWith("wchar:")) {
                return Long.parseLong(line.substring(6).trim());
            }
        }
        return -1;
    }

    static long dirBytes(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile)
                    .mapToLong(p -> p.toFile().length())
                    .sum();
        }
    }

    static void report(String engine, String what, int ops, long nanos) {
        System.out.printf("%-22s %-26s %,12.0f ops/s%n", engine, what, ops * 1e9 / nanos);
    }

    // ---- RocksDB ----------------------------------------------------------------------------------------

    static void rocks(Path dir, int n) throws Exception {
        RocksDB.loadLibrary();
        String name = "RocksDB " + RocksDB.rocksdbVersion();
        try (Options o = new Options().setCreateIfMissing(true);
                WriteOptions wo = new WriteOptions();
                WriteOptions so = new WriteOptions().setSync(true)) {
            long w0 = wchar();
            long t0 = System.nanoTime();
            try (RocksDB db = RocksDB.open(o, dir.toString())) {
                for (int i = 0; i < n; i++) {
                    byte[][] k = keys(i);
                    try (WriteBatch b = new WriteBatch()) {
                        for (int j = 0; j < 5; j++) {
                            b.put(k[j], value(i, SIZES[j]));
                        }
                        db.write(wo, b);
                    }
                }
                long t1 = System.nanoTime();
                long w1 = wchar();
                report(name, "put (WAL, no fsync)", n, t1 - t0);
                System.out.printf("%-22s bytes written per put: %,d (during puts)%n", name, (w1 - w0) / n);
                int syncOps = 2000;
                long s0 = System.nanoTime();
                for (int i = 0; i < syncOps; i++) {
                    byte[][] k = keys(n + i);
                    try (WriteBatch b = new WriteBatch()) {
                        for (int j = 0; j < 5; j++) {
                            b.put(k[j], value(i, SIZES[j]));
                        }
                        db.write(so, b);
                    }
                }
                report(name, "put (fsync, 1 thread)", syncOps, System.nanoTime() - s0);
                db.flush(new org.rocksdb.FlushOptions().setWaitForFlush(true));
                db.compactRange();
                System.out.printf(
                        "%-22s bytes written per put incl. flush+compaction: %,d; on disk %,d B%n",
                        name, (wchar() - w0) / (n + syncOps), dirBytes(dir));
            }
            long o0 = System.nanoTime();
            try (RocksDB db = RocksDB.open(o, dir.toString());
                    ReadOptions ro = new ReadOptions()) {
                db.get(keys(0)[0]);
                System.out.printf("%-22s open %,d items: %d ms%n", name, n, (System.nanoTime() - o0) / 1_000_000);
                Random r = new Random(1);
                int gets = 200_000;
                long g0 = System.nanoTime();
                for (int i = 0; i < gets; i++) {
                    if (db.get(keys(r.nextInt(n))[0]) == null) {
                        throw new AssertionError();
                    }
                }
                report(name, "get", gets, System.nanoTime() - g0);
                int queries = 50_000;
                long q0 = System.nanoTime();
                for (int i = 0; i < queries; i++) {
                    int g = r.nextInt(n / 10);
                    byte[] prefix = key(1, "g1-" + g, "");
                    prefix = java.util.Arrays.copyOf(prefix, prefix.length - 0);
                    int found = 0;
                    try (RocksIterator it = db.newIterator(ro)) {
                        for (it.seek(prefix); it.isValid() && startsWith(it.key(), prefix) && found < 10; it.next()) {
                            it.value();
                            found++;
                        }
                    }
                    if (found != 10) {
                        throw new AssertionError(found);
                    }
                }
                report(name, "query GSI (10 entries)", queries, System.nanoTime() - q0);
            }
        }
    }

    /** Bytes as a Latin-1 string: MVStore's string keys then order as the unsigned bytes do. */
    static String str(byte[] b) {
        return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    static boolean startsWith(byte[] a, byte[] prefix) {
        return a.length >= prefix.length && java.util.Arrays.equals(a, 0, prefix.length, prefix, 0, prefix.length);
    }

    // ---- MVStore, one commit per put ------------------------------------------------------------------

    static void mvstore(Path dir, int n, boolean commitEach) throws Exception {
        Files.createDirectories(dir);
        String file = dir.resolve("db.mv").toString();
        String name = "MVStore commit/put";
        long w0 = wchar();
        long t0 = System.nanoTime();
        int puts = Math.min(n, 20_000); // a commit per put writes a chunk: far slower, so fewer ops
        try (MVStore s =
                new MVStore.Builder().fileName(file).autoCommitDisabled().open()) {
            MVMap<String, byte[]>[] maps = maps(s);
            for (int i = 0; i < puts; i++) {
                byte[][] k = keys(i);
                for (int j = 0; j < 5; j++) {
                    maps[j].put(str(k[j]), value(i, SIZES[j]));
                }
                s.commit();
            }
            long t1 = System.nanoTime();
            report(name, "put (commit, no fsync)", puts, t1 - t0);
            System.out.printf("%-22s bytes written per put: %,d%n", name, (wchar() - w0) / puts);
            int syncOps = 300;
            long s0 = System.nanoTime();
            for (int i = 0; i < syncOps; i++) {
                byte[][] k = keys(puts + i);
                for (int j = 0; j < 5; j++) {
                    maps[j].put(str(k[j]), value(i, SIZES[j]));
                }
                s.commit();
                s.sync();
            }
            report(name, "put (commit+fsync)", syncOps, System.nanoTime() - s0);
            // bulk load the rest (autocommit-like) for the read and open measurements
            for (int i = puts + syncOps; i < n; i++) {
                byte[][] k = keys(i);
                for (int j = 0; j < 5; j++) {
                    maps[j].put(str(k[j]), value(i, SIZES[j]));
                }
                if (i % 10_000 == 0) {
                    s.commit();
                }
            }
            s.commit();
            System.out.printf("%-22s on disk %,d B (%,d items)%n", name, dirBytes(dir), n);
        }
        long o0 = System.nanoTime();
        try (MVStore s =
                new MVStore.Builder().fileName(file).autoCommitDisabled().open()) {
            MVMap<String, byte[]>[] maps = maps(s);
            maps[0].get(str(keys(0)[0]));
            System.out.printf("%-22s open %,d items: %d ms%n", name, n, (System.nanoTime() - o0) / 1_000_000);
            Random r = new Random(1);
            int gets = 200_000;
            long g0 = System.nanoTime();
            for (int i = 0; i < gets; i++) {
                if (maps[0].get(str(keys(r.nextInt(n))[0])) == null) {
                    throw new AssertionError();
                }
            }
            report(name, "get", gets, System.nanoTime() - g0);
            int queries = 50_000;
            long q0 = System.nanoTime();
            for (int i = 0; i < queries; i++) {
                byte[] prefix = key(1, "g1-" + r.nextInt(n / 10), "");
                int found = 0;
                String p = str(prefix);
                var it = maps[1].cursor(p);
                while (it.hasNext() && found < 10) {
                    String k = it.next();
                    if (!k.startsWith(p)) {
                        break;
                    }
                    it.getValue();
                    found++;
                }
                if (found != 10) {
                    throw new AssertionError(found);
                }
            }
            report(name, "query GSI (10 entries)", queries, System.nanoTime() - q0);
        }
    }

    @SuppressWarnings("unchecked")
    static MVMap<String, byte[]>[] maps(MVStore s) {
        @SuppressWarnings({"unchecked", "rawtypes"}) // no generic array creation in Java
        MVMap<String, byte[]>[] maps = new MVMap[5];
        for (int j = 0; j < 5; j++) {
            maps[j] = s.openMap(
                    "m" + j,
                    new MVMap.Builder<String, byte[]>()
                            .keyType(org.h2.mvstore.type.StringDataType.INSTANCE)
                            .valueType(org.h2.mvstore.type.ByteArrayDataType.INSTANCE));
        }
        return maps;
    }

    // ---- MVStore TransactionStore (atomic across maps; durable only at the store's commit) -------------

    static void mvstoreTx(Path dir, int n) throws Exception {
        Files.createDirectories(dir);
        String name = "MVStore TransactionStore";
        int puts = Math.min(n, 20_000);
        long w0 = wchar();
        long t0 = System.nanoTime();
        try (MVStore s = new MVStore.Builder()
                .fileName(dir.resolve("db.mv").toString())
                .autoCommitDisabled()
                .open()) {
            TransactionStore ts = new TransactionStore(s);
            ts.init();
            for (int i = 0; i < puts; i++) {
                Transaction tx = ts.begin();
                byte[][] k = keys(i);
                for (int j = 0; j < 5; j++) {
                    TransactionMap<String, byte[]> m = tx.openMap(
                            "m" + j,
                            org.h2.mvstore.type.StringDataType.INSTANCE,
                            org.h2.mvstore.type.ByteArrayDataType.INSTANCE);
                    m.put(str(k[j]), value(i, SIZES[j]));
                }
                tx.commit();
                s.commit(); // the acknowledged write must be in the file
            }
            report(name, "put (tx + store commit)", puts, System.nanoTime() - t0);
            System.out.printf("%-22s bytes written per put: %,d%n", name, (wchar() - w0) / puts);
        }
    }
}
