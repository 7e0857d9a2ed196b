package io.partita.wire;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.partita.storage.schema.Limits;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The JSON factory of DynamoDB's wire format, with Jackson's read limits set to DynamoDB's rather than the
 * library's defaults, and a response body under construction ({@link Out}).
 *
 * <p>Limits: a JSON name is read up to {@link #MAX_NAME_BYTES} (1 MiB) of UTF-8; Jackson's default, 50,000,
 * would reject attribute names DynamoDB takes. DynamoDB's own limit, attribute names of fewer than 65,536 bytes,
 * is the core's check, which answers DynamoDB's {@code ValidationException} ("Attribute name is too large, must be
 * less than 65536 bytes") where the reader would answer a {@code SerializationException}. A document nests at most {@link #MAX_DOCUMENT_LEVELS} levels of maps and
 * lists; each level is two JSON levels (the {@code {"M":...}} / {@code {"L":...}} value and its map or list), and
 * the deepest place an item sits in any request is a {@code BatchWriteItem} put, whose top-level attribute values
 * are at JSON depth {@link #ITEM_VALUE_DEPTH} (request, RequestItems, the table's list, the write request,
 * PutRequest, Item, the value). So a request nests at most {@link #MAX_NESTING_DEPTH} = 7 + 2 * 32 levels.
 * DynamoDB numbers travel as JSON strings ({@code {"N":"1.5"}}), so only the few numeric request members (Limit,
 * Segment, capacity units) are JSON numbers: Jackson's default number length stays.
 */
public final class Wire {
    /** The longest JSON name read, in UTF-8 bytes (Jackson counts a byte input's name length in bytes). */
    public static final int MAX_NAME_BYTES = 1024 * 1024;

    /** DynamoDB's deepest document: maps and lists nested this many levels ({@link Limits}). */
    public static final int MAX_DOCUMENT_LEVELS = Limits.MAX_DOCUMENT_LEVELS;

    /** The JSON depth of a top-level attribute value in the deepest request shape ({@code BatchWriteItem}). */
    public static final int ITEM_VALUE_DEPTH = 7;

    /** The JSON nesting depth a request may reach: {@code ITEM_VALUE_DEPTH + 2 * MAX_DOCUMENT_LEVELS}. */
    public static final int MAX_NESTING_DEPTH = ITEM_VALUE_DEPTH + 2 * MAX_DOCUMENT_LEVELS;

    public static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING_DEPTH)
                    .maxNameLength(MAX_NAME_BYTES)
                    .build())
            .build();

    private Wire() {}

    /** Something written to a generator: one JSON value. */
    @FunctionalInterface
    public interface Writing {
        void write(JsonGenerator g) throws IOException;
    }

    /**
     * The value {@code writing} writes, laid out for files people read and hand to the AWS CLI
     * ({@code --cli-input-json file://...}): two-space indent, {@code "Name": value}, each object member and
     * array element on its own line, {@code \n} line ends on every platform, no trailing line end.
     */
    public static String pretty(Writing writing) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.setPrettyPrinter(prettyPrinter());
            writing.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** The layout of {@link #pretty}, a fresh instance (a pretty printer keeps the nesting it is in). */
    public static DefaultPrettyPrinter prettyPrinter() {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        return new DefaultPrettyPrinter(separators).withObjectIndenter(indenter).withArrayIndenter(indenter);
    }

    /** A response body under construction: write with {@link #g}, then take the bytes with {@link #finish()}. */
    public static final class Out implements AutoCloseable {
        private final ByteArrayBuilder bytes = new ByteArrayBuilder(256);
        public final JsonGenerator g;

        public Out() {
            try {
                g = FACTORY.createGenerator(bytes, JsonEncoding.UTF8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Closes the generator and returns the body written. */
        public byte[] finish() {
            try {
                g.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        @Override
        public void close() {
            finish();
        }
    }
}
