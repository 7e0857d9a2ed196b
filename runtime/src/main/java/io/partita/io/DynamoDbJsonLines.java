package io.partita.io;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import io.partita.Partita;
import io.partita.RetryPolicy;
import io.partita.internal.RuntimeMessage;
import io.partita.mapping.DynamoDbJson;
import io.partita.mapping.MappingException;
import io.partita.progress.Progress;
import io.partita.progress.ProgressListener;
import io.partita.progress.ProgressTracker;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.value.AttributeValue;
import io.partita.wire.AttributeValues;
import io.partita.wire.Wire;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PushbackReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Exports a table to, and imports it from, DynamoDB's export format: one JSON object per line,
 * {@code {"Item":{"UserId":{"S":"101"},"TopScore":{"N":"5842"}}}}, the values in DynamoDB JSON (as S3 exports
 * and the AWS CLI write them). Use it to load fixtures into a test database or to look at what a table holds.
 *
 * <pre>{@code
 * try (Writer out = Files.newBufferedWriter(Path.of("scores.jsonl"))) {
 *     DynamoDbJsonLines.export(db, "GameScores", out);
 * }
 * try (Reader in = Files.newBufferedReader(Path.of("scores.jsonl"))) {
 *     DynamoDbJsonLines.importTable(db, "GameScores", in);
 * }
 * }</pre>
 *
 * Export reads the whole table with a paginated, strongly consistent Scan. Import also accepts a JSON array
 * whose elements are {@code {"Item":{...}}} objects or bare items, and writes with BatchWriteItem, 25 items per
 * request, resending unprocessed items under the database's {@link RetryPolicy}. Import writes plain items: no
 * entity validation, conditions or version checks, and later items overwrite earlier ones with the same key.
 * The table must exist (open its repository first). Values are read in DynamoDB's form, as the export writes
 * them (numbers, binaries and set members are JSON strings: {@code {"N":"5842"}}), by the wire codec's streaming
 * reader. Malformed input fails with {@link ImportException} naming the line and, for a value DynamoDB would
 * refuse, DynamoDB's message; items before it may already be written.
 */
public final class DynamoDbJsonLines {
    /** DynamoDB's limit on writes per BatchWriteItem request. */
    public static final int ITEMS_PER_REQUEST = 25;

    private static final Set<String> TYPES = Set.of("S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS");

    private DynamoDbJsonLines() {}

    /** Thrown for malformed import input; {@link #line()} is the 1-based line of the offending item. */
    public static final class ImportException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final long line;

        ImportException(long line, String message, Throwable cause) {
            super(RuntimeMessage.ImportLine.format(line, message), cause);
            this.line = line;
        }

        /** The 1-based line the problem is on. */
        public long line() {
            return line;
        }
    }

    /**
     * Writes every item of {@code table} to {@code out}, one {@code {"Item":{...}}} line each, and returns how
     * many were written. {@code out} is flushed, not closed.
     */
    public static long export(Partita db, String table, Writer out) {
        return export(db, table, out, ProgressListener.none());
    }

    /** {@link #export(Partita, String, Writer)}, reporting the items written to {@code progress}. */
    public static long export(Partita db, String table, Writer out, ProgressListener progress) {
        ProgressTracker tracker = ProgressTracker.of("export " + table, Progress.UNKNOWN, progress);
        long count = 0;
        Map<String, AttributeValue> start = null;
        try (JsonGenerator g = Wire.FACTORY.createGenerator(out)) {
            // each line one root value, no separator between them: the newline is written after each
            g.setPrettyPrinter(new MinimalPrettyPrinter(""));
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
            do {
                ScanResponse page = db.requests()
                        .scan(ScanRequest.builder()
                                .tableName(table)
                                .consistentRead(true)
                                .exclusiveStartKey(start)
                                .build());
                for (Map<String, AttributeValue> item : page.items()) {
                    g.writeStartObject();
                    g.writeFieldName("Item");
                    AttributeValues.writeMap(g, item);
                    g.writeEndObject();
                    g.flush();
                    out.write('\n');
                    count++;
                }
                tracker.advance(page.items().size());
                start = page.lastEvaluatedKey() == null
                                || page.lastEvaluatedKey().isEmpty()
                        ? null
                        : page.lastEvaluatedKey();
            } while (start != null);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        tracker.finish();
        return count;
    }

    /** {@link #export} into a string: handy in tests and for a quick look at a table. */
    public static String exportToString(Partita db, String table) {
        java.io.StringWriter out = new java.io.StringWriter();
        export(db, table, out);
        return out.toString();
    }

    /**
     * Reads items from {@code in} (export lines, or a JSON array) and puts them into {@code table}; returns how
     * many items were written. Blank lines are skipped. {@code in} is not closed.
     */
    public static long importTable(Partita db, String table, Reader in) {
        return importTable(db, table, in, ProgressListener.none());
    }

    /**
     * {@link #importTable(Partita, String, Reader)}, reporting the items written to {@code progress} (the total is
     * unknown: the input is streamed).
     */
    public static long importTable(Partita db, String table, Reader in, ProgressListener progress) {
        ProgressTracker tracker = ProgressTracker.of("import " + table, Progress.UNKNOWN, progress);
        List<Map<String, AttributeValue>> batch = new ArrayList<>(ITEMS_PER_REQUEST);
        long count = 0;
        try {
            PushbackReader reader = new PushbackReader(in instanceof BufferedReader ? in : new BufferedReader(in), 1);
            int first = firstNonBlank(reader);
            if (first == '[') {
                count = importArray(db, table, reader, batch, tracker);
            } else {
                count = importLines(db, table, new BufferedReader(reader), batch, tracker);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        flush(db, table, batch, tracker);
        tracker.finish();
        return count;
    }

    private static int firstNonBlank(PushbackReader reader) throws IOException {
        int c;
        do {
            c = reader.read();
        } while (c != -1 && Character.isWhitespace(c) && c != '\n');
        // keep line numbering right: leading newlines are consumed by the line reader below
        if (c != -1) {
            reader.unread(c);
        }
        return c;
    }

    private static long importLines(
            Partita db,
            String table,
            BufferedReader reader,
            List<Map<String, AttributeValue>> batch,
            ProgressTracker tracker)
            throws IOException {
        long count = 0;
        long lineNumber = 0;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            try (JsonParser parser = Wire.FACTORY.createParser(line)) {
                batch.add(exportLine(lineNumber, line, parser));
            } catch (JsonParseException e) {
                throw new ImportException(
                        lineNumber, RuntimeMessage.ImportInvalidJson.format(e.getOriginalMessage()), e);
            }
            count++;
            if (batch.size() == ITEMS_PER_REQUEST) {
                flush(db, table, batch, tracker);
            }
        }
        return count;
    }

    /** The item of one {@code {"Item":{...}}} line, streamed through the wire codec's reader. */
    private static Map<String, AttributeValue> exportLine(long line, String text, JsonParser parser)
            throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT
                || parser.nextToken() != JsonToken.FIELD_NAME
                || !"Item".equals(parser.currentName())) {
            throw notAnExportLine(line, text);
        }
        parser.nextToken();
        Map<String, AttributeValue> item = item(line, parser);
        if (parser.nextToken() != JsonToken.END_OBJECT) {
            throw notAnExportLine(line, text);
        }
        return item;
    }

    private static ImportException notAnExportLine(long line, String text) {
        return new ImportException(line, RuntimeMessage.ImportNotAnExportLine.format(abbreviate(text.strip())), null);
    }

    private static long importArray(
            Partita db, String table, Reader reader, List<Map<String, AttributeValue>> batch, ProgressTracker tracker)
            throws IOException {
        long count = 0;
        try (JsonParser parser = Wire.FACTORY.createParser(reader)) {
            parser.nextToken(); // [
            while (true) {
                long line;
                byte[] element;
                try {
                    JsonToken token = parser.nextToken();
                    line = parser.currentLocation().getLineNr();
                    if (token == JsonToken.END_ARRAY) {
                        break;
                    }
                    if (token != JsonToken.START_OBJECT) {
                        throw new ImportException(line, RuntimeMessage.ImportNotAnItemObject.format(token), null);
                    }
                    element = copy(parser);
                } catch (JsonParseException e) {
                    throw new ImportException(
                            lineOf(e.getLocation()),
                            RuntimeMessage.ImportInvalidJson.format(e.getOriginalMessage()),
                            e);
                }
                batch.add(arrayElement(line, element));
                count++;
                if (batch.size() == ITEMS_PER_REQUEST) {
                    flush(db, table, batch, tracker);
                }
            }
            try {
                if (parser.nextToken() != null) {
                    throw new ImportException(
                            parser.currentLocation().getLineNr(),
                            RuntimeMessage.ImportContentAfterArray.format(),
                            null);
                }
            } catch (JsonParseException e) {
                throw new ImportException(
                        lineOf(e.getLocation()), RuntimeMessage.ImportInvalidJson.format(e.getOriginalMessage()), e);
            }
        }
        return count;
    }

    /** The object the parser stands on, as its JSON text: one array element, looked at twice (see below). */
    private static byte[] copy(JsonParser parser) throws IOException {
        ByteArrayBuilder bytes = new ByteArrayBuilder(256);
        try (JsonGenerator g = Wire.FACTORY.createGenerator(bytes, JsonEncoding.UTF8)) {
            g.copyCurrentStructure(parser);
        }
        return bytes.toByteArray();
    }

    /** An array element's item: the {@code Item} of an export-line object, or the element itself. */
    private static Map<String, AttributeValue> arrayElement(long line, byte[] element) throws IOException {
        boolean wrapped;
        try (JsonParser p = Wire.FACTORY.createParser(element)) {
            wrapped = isWrapped(p);
        }
        try (JsonParser p = Wire.FACTORY.createParser(element)) {
            p.nextToken();
            if (wrapped) {
                p.nextToken(); // "Item"
                p.nextToken(); // its object
            }
            return item(line, p);
        }
    }

    /**
     * Whether an element is {@code {"Item":{...}}}: its only member is {@code Item}, an object that is not itself
     * an attribute value (one member named after a type), so a bare item with an attribute called Item stays one.
     */
    private static boolean isWrapped(JsonParser p) throws IOException {
        p.nextToken();
        if (p.nextToken() != JsonToken.FIELD_NAME
                || !"Item".equals(p.currentName())
                || p.nextToken() != JsonToken.START_OBJECT) {
            return false;
        }
        int members = 0;
        String first = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            if (members++ == 0) {
                first = p.currentName();
            }
            p.nextToken();
            p.skipChildren();
        }
        boolean attributeValue = members == 1 && TYPES.contains(first);
        return !attributeValue && p.nextToken() == JsonToken.END_OBJECT;
    }

    private static long lineOf(JsonLocation location) {
        return location == null ? 0 : location.getLineNr();
    }

    /** The item the parser stands on, read by the wire codec; its errors name the line. */
    private static Map<String, AttributeValue> item(long line, JsonParser parser) throws IOException {
        try {
            Map<String, AttributeValue> item = DynamoDbJson.readItem(parser);
            if (item.isEmpty()) {
                throw new ImportException(line, RuntimeMessage.ImportItemWithoutAttributes.format(), null);
            }
            return item;
        } catch (MappingException | IllegalArgumentException e) {
            throw new ImportException(line, e.getMessage(), e);
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }

    private static void flush(
            Partita db, String table, List<Map<String, AttributeValue>> batch, ProgressTracker tracker) {
        int written = batch.size();
        flush(db, table, batch);
        tracker.advance(written);
    }

    private static void flush(Partita db, String table, List<Map<String, AttributeValue>> batch) {
        if (batch.isEmpty()) {
            return;
        }
        List<WriteRequest> writes = new ArrayList<>(batch.size());
        batch.forEach(item -> writes.add(WriteRequest.put(item)));
        batch.clear();
        Map<String, List<WriteRequest>> pending = Map.of(table, writes);
        for (int attempt = 1; !pending.isEmpty(); attempt++) {
            BatchWriteItemResponse response = db.requests()
                    .batchWriteItem(BatchWriteItemRequest.builder()
                            .requestItems(pending)
                            .build());
            pending = response.unprocessedItems();
            if (!pending.isEmpty()) {
                RetryPolicy policy = db.retryPolicy();
                if (attempt >= policy.maxAttempts()) {
                    throw new IllegalStateException(RuntimeMessage.ItemsStillUnprocessed.format(
                            pending.values().stream().mapToInt(List::size).sum(), attempt));
                }
                pause(policy, attempt - 1);
            }
        }
    }

    private static void pause(RetryPolicy policy, int retry) {
        java.time.Duration d = policy.backoff(retry);
        if (d.isZero()) {
            return;
        }
        try {
            policy.sleeper().sleep(d);
        } catch (InterruptedException e) {
            java.lang.Thread.currentThread().interrupt();
            throw new IllegalStateException(RuntimeMessage.InterruptedBackingOffItems.format(), e);
        }
    }
}
