package io.partita.server;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.wire.Wire;
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
 * The server's own facts about each table ({@link ControlPlane.Meta}: creation time, table id, billing mode and
 * throughput, tags, deletion protection) in one JSON file, so that they outlive a restart as the durable core's
 * data does (the stream specification is the core's, kept in its catalogue; a {@code streamSpecification} member
 * of an older file is ignored). The file is rewritten whole on every control-plane change (tables are few and
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
    Map<String, ControlPlane.Meta> load(List<String> existing) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException none) {
            return Map.of();
        } catch (IOException e) {
            throw new UncheckedIOException("partita-server: cannot read the table state file " + file, e);
        }
        Map<String, ControlPlane.Meta> all;
        try (JsonParser p = Wire.FACTORY.createParser(bytes)) {
            all = root(p);
            if (all != null && p.nextToken() != null) {
                throw new JsonParseException(p, "Unexpected content after the state object");
            }
        } catch (IOException e) {
            String message = e.getMessage() == null
                    ? ""
                    : e.getMessage().lines().findFirst().orElse("");
            throw new IllegalStateException(
                    "partita-server: the table state file " + file + " is not valid JSON (" + message
                            + "); move it away to start with default table settings",
                    e);
        }
        if (all == null) {
            throw new IllegalStateException("partita-server: the table state file " + file + " is not of this version ("
                    + VERSION + "); move it away to start with default table settings");
        }
        Map<String, ControlPlane.Meta> out = new HashMap<>();
        for (String name : existing) {
            ControlPlane.Meta m = all.get(name);
            if (m != null) {
                out.put(name, m);
            }
        }
        return out;
    }

    /** Every table's facts; {@code null} when the file is not of this {@link #VERSION}. */
    private static Map<String, ControlPlane.Meta> root(JsonParser p) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            throw new JsonParseException(p, "Expected the state object");
        }
        boolean version = false;
        Map<String, ControlPlane.Meta> tables = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            if (name.equals("version")) {
                version = t == JsonToken.VALUE_NUMBER_INT && p.getLongValue() == VERSION;
            } else if (name.equals("tables") && t == JsonToken.START_OBJECT) {
                tables = new HashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String table = p.currentName();
                    if (p.nextToken() == JsonToken.START_OBJECT) {
                        tables.put(table, meta(p));
                    } else {
                        p.skipChildren();
                    }
                }
            } else {
                tables = name.equals("tables") ? null : tables;
                p.skipChildren();
            }
        }
        return version ? tables : null;
    }

    /** One table's facts; the parser stands on its {@code START_OBJECT}. */
    private static ControlPlane.Meta meta(JsonParser p) throws IOException {
        Double created = null;
        String id = null;
        String billingMode = null;
        Long read = null;
        Long write = null;
        boolean deletionProtection = false;
        Map<String, String> tags = new HashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            switch (name) {
                case "created" -> created = t.isNumeric() ? p.getDoubleValue() : null;
                case "id" -> id = t == JsonToken.VALUE_STRING ? p.getText() : null;
                case "billingMode" -> billingMode = t == JsonToken.VALUE_STRING ? p.getText() : null;
                case "readCapacityUnits" -> read = t == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : null;
                case "writeCapacityUnits" -> write = t == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : null;
                case "deletionProtection" -> deletionProtection = t == JsonToken.VALUE_TRUE;
                case "tags" -> tags = tags(p);
                default -> p.skipChildren();
            }
        }
        ControlPlane.Meta m = new ControlPlane.Meta(
                created == null ? 0 : created,
                id,
                billingMode,
                read != null && write != null ? new ProvisionedThroughput(read, write) : null);
        m.deletionProtection = deletionProtection;
        m.tags.putAll(tags);
        return m;
    }

    private static Map<String, String> tags(JsonParser p) throws IOException {
        Map<String, String> out = new HashMap<>();
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            return out;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            if (p.nextToken() == JsonToken.VALUE_STRING) {
                out.put(key, p.getText());
            } else {
                p.skipChildren();
            }
        }
        return out;
    }

    /** Rewrites the file with {@code tables}, atomically. */
    synchronized void save(Map<String, ControlPlane.Meta> tables) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator g = Wire.FACTORY.createGenerator(bytes)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField("version", VERSION);
            g.writeObjectFieldStart("tables");
            for (Map.Entry<String, ControlPlane.Meta> e : new TreeMap<>(tables).entrySet()) {
                ControlPlane.Meta m = e.getValue();
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
}
