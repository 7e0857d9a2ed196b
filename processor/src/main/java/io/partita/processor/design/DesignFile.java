package io.partita.processor.design;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.partita.processor.diag.Phrase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code META-INF/partita/design.json}: its resource name, format version, how it is printed (sorted keys, two-space
 * indent, one value per line, {@code \n} line ends, so diffs show one fact per line) and how a baseline copy is read.
 */
public final class DesignFile {
    /** The class-output resource; other tools read it by this name. */
    public static final String RESOURCE = "META-INF/partita/design.json";
    /** The version of the layout; a baseline of another version is refused. */
    static final int FORMAT = 1;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    private static final ObjectWriter WRITER = JSON.writer(new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n")));

    private DesignFile() {}

    /** Why a baseline could not be read, as a phrase for {@code UnreadableBaseline}. */
    static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient Phrase.Text reason;

        Unreadable(Phrase.Text reason, Throwable cause) {
            super(reason.toString(), cause);
            this.reason = reason;
        }

        Phrase.Text reason() {
            return reason;
        }
    }

    /** The whole file: the format version and every table by name. */
    static String print(Map<String, Object> tables) {
        Map<String, Object> root = new TreeMap<>();
        root.put("format", FORMAT);
        root.put("tables", tables);
        try {
            return WRITER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The same facts as a tree, to compare with a baseline. */
    static JsonNode tree(Map<String, Object> facts) {
        return JSON.valueToTree(facts);
    }

    /** The tables of the baseline at {@code path}: an object of table name to facts. */
    static JsonNode readTables(Path path) throws Unreadable {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new Unreadable(Phrase.BASELINE_MISSING.with(), e);
        } catch (IOException e) {
            throw new Unreadable(Phrase.BASELINE_IO.with(String.valueOf(e)), e);
        }
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new Unreadable(Phrase.BASELINE_NOT_JSON.with(e.getOriginalMessage()), e);
        }
        if (root == null
                || !root.path("format").isInt()
                || root.path("format").intValue() != FORMAT
                || !root.path("tables").isObject()) {
            throw new Unreadable(Phrase.BASELINE_NOT_A_DESIGN.with(FORMAT), null);
        }
        return root.get("tables");
    }
}
