package io.partita.storage.engine;

import io.partita.storage.DurableStorageException;
import io.partita.storage.Message;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The format marker of a durable store's directory: which on-disk layout of {@link DiskStore} it holds. */
final class DiskFormat {
    static final String FORMAT_FILE = "PARTITA-FORMAT";
    /** The on-disk format this code reads and writes. Change it when the layout in {@link DiskStore}'s description changes. */
    static final int FORMAT_VERSION = 2;
    /**
     * The oldest format this code opens, marking it {@link #FORMAT_VERSION} first: format 1 is format 2 without
     * streams (no 'T' or 'S' keys, catalogue records of versions 1 and 2), so it reads as it is, but once marked it
     * is no longer opened by a Partita of format 1, which would not know the keys streams add.
     */
    static final int OLDEST_FORMAT_OPENED = 1;

    static final String FORMAT_LINE = "partita-durable-format " + FORMAT_VERSION;

    private DiskFormat() {}

    /** A new directory gets the marker; an existing one must carry this format's marker. */
    static void check(Path dir) {
        Path marker = dir.resolve(FORMAT_FILE);
        Path data = dir.resolve(DiskStore.DATA_DIR);
        if (!Files.exists(marker)) {
            if (Files.exists(data)) {
                throw new DurableStorageException.Corrupted(
                        Message.StoreMarkerMissing.format(dir, DiskStore.DATA_DIR, FORMAT_FILE), marker, null);
            }
            try (Stream<Path> s = Files.list(dir)) {
                List<String> others = s.map(p -> p.getFileName().toString())
                        .filter(n -> !n.equals(DiskStore.LOCK_FILE))
                        .sorted()
                        .toList();
                if (!others.isEmpty()) {
                    throw new DurableStorageException.FormatMismatch(
                            Message.StoreNotAStore.format(dir, others, FORMAT_FILE, FORMAT_VERSION),
                            dir,
                            "not a Partita store",
                            String.valueOf(FORMAT_VERSION));
                }
                writeMarker(marker);
            } catch (IOException e) {
                throw new DurableStorageException.IOFailure(Message.StoreInitFailed.format(dir, e), dir, e);
            }
            return;
        }
        String content;
        try {
            content = Files.readString(marker, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new DurableStorageException.Corrupted(Message.StoreMarkerUnreadable.format(marker, e), marker, e);
        }
        Matcher m = Pattern.compile("partita-durable-format (\\d+)").matcher(content);
        if (!m.matches()) {
            throw new DurableStorageException.Corrupted(
                    Message.StoreMarkerCorrupt.format(marker, FORMAT_LINE, abbreviate(content)), marker, null);
        }
        int found = Integer.parseInt(m.group(1));
        if (found >= OLDEST_FORMAT_OPENED && found < FORMAT_VERSION) {
            try {
                writeMarker(marker);
            } catch (IOException e) {
                throw new DurableStorageException.IOFailure(Message.StoreInitFailed.format(dir, e), dir, e);
            }
            return;
        }
        if (found != FORMAT_VERSION) {
            throw new DurableStorageException.FormatMismatch(
                    (found > FORMAT_VERSION ? Message.StoreFormatNewer : Message.StoreFormatOlder)
                            .format(dir, found, FORMAT_VERSION),
                    dir,
                    String.valueOf(found),
                    String.valueOf(FORMAT_VERSION));
        }
    }

    static void writeMarker(Path marker) throws IOException {
        Path tmp = marker.resolveSibling(FORMAT_FILE + ".tmp");
        try (FileChannel c = FileChannel.open(
                tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            c.write(ByteBuffer.wrap((FORMAT_LINE + "\n").getBytes(StandardCharsets.UTF_8)));
            c.force(true);
        }
        Files.move(tmp, marker, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
