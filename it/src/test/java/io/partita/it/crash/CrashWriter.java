package io.partita.it.crash;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.partita.Partita;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Random;

/**
 * The child process of {@link CrashRecoveryTest}: opens the durable database in {@code args[0]} and writes
 * through the generated repository until it is killed. Before each write it logs its intent ({@code I ...}),
 * after the write returns its acknowledgement ({@code A}), each line flushed to the file {@code args[2]}, so the
 * parent knows every acknowledged write and the one write that may have been in flight. Each line goes to stdout
 * too, after the file: the parent reads it there to pick the moment of the kill (the file, not the pipe, is the
 * record, since killing a process closes its pipes and the lines not read yet would be lost).
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

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Random random = new Random(Long.parseLong(args[1]));
        Output out = new Output(
                new PrintStream(new BufferedOutputStream(new FileOutputStream(args[2]), 4096), false, UTF_8),
                new PrintStream(
                        new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 4096), false, UTF_8));
        try (Partita db = Partita.open(dir)) {
            CrashAccountRepository accounts = CrashAccountRepository.of(db);
            out.line("READY");
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
                    out.line("I P " + owner + " " + id + " " + grp + " " + version + " " + balance + " " + note);
                    accounts.put(new CrashAccount(owner, id, grp, version, balance, note(note)));
                } else if (op < 8) {
                    String owner = "o" + random.nextInt(OWNERS);
                    String id = "i" + random.nextInt(IDS);
                    out.line("I D " + owner + " " + id);
                    accounts.delete(owner, id);
                } else {
                    int pair = random.nextInt(PAIRS);
                    long value = random.nextInt(1_000_000);
                    version++;
                    long v = version;
                    out.line("I T " + pair + " " + value + " " + v);
                    db.transact(tx -> tx.put(
                                    accounts, new CrashAccount("tx", "a" + pair, "t" + value % 3, v, value, note((int)
                                            (value % 200))))
                            .put(accounts, new CrashAccount("tx", "b" + pair, "t" + value % 3, v, value, note((int)
                                    (value % 100)))));
                }
                out.line("A");
            }
        }
    }

    /** The log file and stdout, each line written and flushed to the file first. */
    private record Output(PrintStream log, PrintStream progress) {
        void line(String line) {
            log.println(line);
            log.flush();
            progress.println(line);
            progress.flush();
        }
    }

    static String note(int length) {
        return "n".repeat(length);
    }
}
