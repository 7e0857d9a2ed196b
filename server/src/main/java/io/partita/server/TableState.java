package io.partita.server;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.schema.ProvisionedThroughput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server's own facts about each table ({@link Tables.Meta}: creation time, table id, billing mode and
 * throughput, tags, deletion protection, stream specification) in one JSON file, so that they outlive a restart
 * as the durable core's data does. The file is rewritten whole on every control-plane change (tables are few and
 * such changes rare): written to a temporary file, forced to disk, then moved over the old one atomically, so a
 * crash leaves either the old or the new file, never a torn one. The core's catalogue stays the authority on which
 * tables exist: entries of tables the core does not have are dropped on load, and a table the file does not know
 * (created just before a crash, before the file was rewritten) gets the defaults, as an in-memory server gives.
 */
final class TableState {
    private static final int VERSION = 1;

    private final Path file;

    TableState(Path file) {
        this.file = file;
    }

    /** The saved facts of the tables in {@code existing}; nothing when there is no file yet. */
    Map<String, Tables.Meta> load(List<String> existing) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException none) {
            return Map.of();
        } catch (IOException e) {
            throw new UncheckedIOException("partita-server: cannot read the table state file " + file, e);
        }
        Map<String, Object> root;
        try {
            root = Json.parseObject(bytes, 0, bytes.length);
        } catch (ApiException e) {
            throw new IllegalStateException(
                    "partita-server: the table state file " + file + " is not valid JSON (" + e.getMessage()
                            + "); move it away to start with default table settings",
                    e);
        }
        if (!Long.valueOf(VERSION).equals(root.get("version")) || !(root.get("tables") instanceof Map<?, ?> tables)) {
            throw new IllegalStateException("partita-server: the table state file " + file + " is not of this version ("
                    + VERSION + "); move it away to start with default table settings");
        }
        Map<String, Tables.Meta> out = new HashMap<>();
        for (String name : existing) {
            if (tables.get(name) instanceof Map<?, ?> t) {
                out.put(name, meta(t));
            }
        }
        return out;
    }

    private static Tables.Meta meta(Map<?, ?> t) {
        ProvisionedThroughput throughput =
                t.get("readCapacityUnits") instanceof Long read && t.get("writeCapacityUnits") instanceof Long write
                        ? new ProvisionedThroughput(read, write)
                        : null;
        Tables.Meta m = new Tables.Meta(
                ((Number) t.get("created")).doubleValue(),
                (String) t.get("id"),
                (String) t.get("billingMode"),
                throughput);
        m.deletionProtection = Boolean.TRUE.equals(t.get("deletionProtection"));
        if (t.get("tags") instanceof Map<?, ?> tags) {
            tags.forEach((k, v) -> m.tags.put((String) k, (String) v));
        }
        if (t.get("streamSpecification") instanceof Map<?, ?> stream) {
            Map<String, Object> copy = new TreeMap<>();
            stream.forEach((k, v) -> copy.put((String) k, v));
            m.streamSpecification = copy;
        }
        return m;
    }

    /** Rewrites the file with {@code tables}, atomically. */
    synchronized void save(Map<String, Tables.Meta> tables) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator g = Json.FACTORY.createGenerator(bytes)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField("version", VERSION);
            g.writeObjectFieldStart("tables");
            for (Map.Entry<String, Tables.Meta> e : new TreeMap<>(tables).entrySet()) {
                Tables.Meta m = e.getValue();
                g.writeObjectFieldStart(e.getKey());
                g.writeNumberField("created", m.created);
                g.writeStringField("id", m.id);
                g.writeStringField("billingMode", m.billingMode);
                ProvisionedThroughput t = m.throughput;
                if (t != null) {
                    g.writeNumberField("readCapacityUnits", t.readCapacityUnits());
                    g.writeNumberField("writeCapacityUnits", t.writeCapacityUnits());
                }
                g.writeBooleanField("deletionProtection", m.deletionProtection);
                g.writeObjectFieldStart("tags");
                for (Map.Entry<String, String> tag : new TreeMap<>(m.tags).entrySet()) {
                    g.writeStringField(tag.getKey(), tag.getValue());
                }
                g.writeEndObject();
                if (m.streamSpecification != null) {
                    g.writeFieldName("streamSpecification");
                    write(g, m.streamSpecification);
                }
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(
                    tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes.toByteArray());
                while (buffer.hasRemaining()) {
                    ch.write(buffer);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("partita-server: cannot write the table state file " + file, e);
        }
    }

    /** A value read by {@link Json}: maps, lists, strings, numbers, booleans, null. */
    private static void write(JsonGenerator g, Object v) throws IOException {
        if (v instanceof Map<?, ?> map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof List<?> list) {
            g.writeStartArray();
            for (Object o : list) {
                write(g, o);
            }
            g.writeEndArray();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof Number n) {
            g.writeNumber(n.doubleValue());
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else {
            g.writeNull();
        }
    }
}
