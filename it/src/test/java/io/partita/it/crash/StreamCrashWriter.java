package io.partita.it.crash;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.partita.storage.Storage;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The child process of {@link StreamCrashTest}: opens the durable core in {@code args[0]} and writes to a table with
 * a NEW_AND_OLD_IMAGES stream until it is killed, logging its intent before each write ({@code I ...}) and its
 * acknowledgement after ({@code A}), each line flushed to the file {@code args[2]} and then to stdout, as
 * {@link CrashWriter} does. Every put carries a version no other write has ({@code args[3]} and up), so each stream
 * record names the write that made it.
 *
 * <ul>
 *   <li>{@code P key version}: a put (an INSERT or a MODIFY record)
 *   <li>{@code D key}: a delete (a REMOVE record when the item is there, none when it is not)
 *   <li>{@code T pair version}: a transaction putting {@code t<pair>a} and {@code t<pair>b} (two records)
 *   <li>{@code B key key version}: a batch write putting two items (two records)
 * </ul>
 */
public final class StreamCrashWriter {
    static final String TABLE = "StreamCrash";
    static final int KEYS = 12;
    static final int PAIRS = 4;

    private StreamCrashWriter() {}

    /** The table: a string partition key, a stream with both images. */
    static TableDefinition table() {
        return TableDefinition.builder(TABLE).partitionKey(KeyAttribute.s("pk")).stream(
                        StreamViewType.NEW_AND_OLD_IMAGES)
                .build();
    }

    public static void main(String[] args) throws IOException {
        Random random = new Random(Long.parseLong(args[1]));
        PrintStream log = new PrintStream(new BufferedOutputStream(new FileOutputStream(args[2]), 4096), false, UTF_8);
        PrintStream progress =
                new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 4096), false, UTF_8);
        long version = Long.parseLong(args[3]);
        try (Storage storage = Storage.open(Path.of(args[0]))) {
            line(log, progress, "READY");
            while (true) {
                int op = random.nextInt(10);
                version++;
                if (op < 5) {
                    String key = "k" + random.nextInt(KEYS);
                    line(log, progress, "I P " + key + " " + version);
                    storage.putItem(put(key, version));
                } else if (op < 8) {
                    String key = "k" + random.nextInt(KEYS);
                    line(log, progress, "I D " + key);
                    storage.deleteItem(DeleteItemRequest.builder()
                            .tableName(TABLE)
                            .key(Map.of("pk", AttributeValue.s(key)))
                            .build());
                } else if (op == 8) {
                    int pair = random.nextInt(PAIRS);
                    line(log, progress, "I T " + pair + " " + version);
                    storage.transactWriteItems(TransactWriteItemsRequest.builder()
                            .transactItems(List.of(
                                    TransactWriteItem.put(
                                            TABLE,
                                            put("t" + pair + "a", version).item()),
                                    TransactWriteItem.put(
                                            TABLE,
                                            put("t" + pair + "b", version).item())))
                            .build());
                } else {
                    int first = random.nextInt(KEYS);
                    String a = "k" + first;
                    String b = "k" + (first + 1 + random.nextInt(KEYS - 1)) % KEYS;
                    line(log, progress, "I B " + a + " " + b + " " + version);
                    storage.batchWriteItem(BatchWriteItemRequest.builder()
                            .requestItems(Map.of(
                                    TABLE,
                                    List.of(
                                            WriteRequest.put(put(a, version).item()),
                                            WriteRequest.put(put(b, version).item()))))
                            .build());
                }
                line(log, progress, "A");
            }
        }
    }

    private static PutItemRequest put(String key, long version) {
        return PutItemRequest.builder()
                .tableName(TABLE)
                .item(Map.of("pk", AttributeValue.s(key), "version", AttributeValue.n(version)))
                .build();
    }

    /** One line to the log file, flushed, then to stdout. */
    private static void line(PrintStream log, PrintStream progress, String line) {
        log.println(line);
        log.flush();
        progress.println(line);
        progress.flush();
    }
}
