package io.partita.it.crash;

import io.partita.Partita;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Random;

/**
 * The child process of {@link CrashRecoveryTest}: opens the durable database in {@code args[0]} and writes
 * through the generated repository until it is killed. Before each write it prints its intent
 * ({@code I ...}), after the write returns its acknowledgement ({@code A}), each line flushed, so the parent
 * knows every acknowledged write and the one write that may have been in flight.
 *
 * <ul>
 *   <li>{@code P owner id grp version balance noteLength}: a put (a new item or an overwrite that moves its GSI key)
 *   <li>{@code D owner id}: a delete
 *   <li>{@code T pair value}: a transaction putting the two items {@code tx/a<pair>} and {@code tx/b<pair>}
 *       with balance {@code value} (and a GSI key that moves with it)
 * </ul>
 */
public final class CrashWriter {
    static final int OWNERS = 8;
    static final int IDS = 16;
    static final int PAIRS = 8;

    private CrashWriter() {}

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        Random random = new Random(Long.parseLong(args[1]));
        PrintStream out = new PrintStream(
                new java.io.BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), 4096),
                false);
        try (Partita db = Partita.open(dir)) {
            CrashAccountRepository accounts = CrashAccountRepository.of(db);
            out.println("READY");
            out.flush();
            long version = System.nanoTime();
            while (true) {
                int op = random.nextInt(10);
                if (op < 6) {
                    String owner = "o" + random.nextInt(OWNERS);
                    String id = "i" + random.nextInt(IDS);
                    String grp = "g" + random.nextInt(5);
                    long balance = random.nextInt(1000);
                    int note = random.nextInt(300);
                    version++;
                    out.println("I P " + owner + " " + id + " " + grp + " " + version + " " + balance + " " + note);
                    out.flush();
                    accounts.put(new CrashAccount(owner, id, grp, version, balance, note(note)));
                } else if (op < 8) {
                    String owner = "o" + random.nextInt(OWNERS);
                    String id = "i" + random.nextInt(IDS);
                    out.println("I D " + owner + " " + id);
                    out.flush();
                    accounts.delete(owner, id);
                } else {
                    int pair = random.nextInt(PAIRS);
                    long value = random.nextInt(1_000_000);
                    version++;
                    long v = version;
                    out.println("I T " + pair + " " + value + " " + v);
                    out.flush();
                    db.transact(tx -> tx.put(
                                    accounts, new CrashAccount("tx", "a" + pair, "t" + value % 3, v, value, note((int)
                                            (value % 200))))
                            .put(accounts, new CrashAccount("tx", "b" + pair, "t" + value % 3, v, value, note((int)
                                    (value % 100)))));
                }
                out.println("A");
                out.flush();
            }
        }
    }

    static String note(int length) {
        return "n".repeat(length);
    }
}
