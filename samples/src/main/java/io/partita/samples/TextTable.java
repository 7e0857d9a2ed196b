package io.partita.samples;

import io.partita.storage.api.Capacity;
import io.partita.storage.api.ConsumedCapacity;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Prints rows as a boxed text table, and consumed capacity as one readable line. */
public final class TextTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    private TextTable(List<String> header) {
        this.header = header;
    }

    /** A table with these column headings. */
    public static TextTable of(String... header) {
        return new TextTable(Arrays.asList(header));
    }

    /** Adds a row; {@code null} cells print empty, numbers and other values through {@code toString()}. */
    public TextTable row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("expected " + header.size() + " cells, got " + cells.length);
        }
        rows.add(Arrays.stream(cells)
                .map(c -> c == null ? "" : String.valueOf(c))
                .toList());
        return this;
    }

    /** Prints the table. */
    public void print(PrintStream out) {
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = header.get(c).length();
            for (List<String> r : rows) {
                widths[c] = Math.max(widths[c], r.get(c).length());
            }
        }
        StringBuilder line = new StringBuilder();
        for (int w : widths) {
            line.append('+').append("-".repeat(w + 2));
        }
        line.append('+');
        out.println(line);
        out.println(format(header, widths));
        out.println(line);
        rows.forEach(r -> out.println(format(r, widths)));
        out.println(line);
    }

    private static String format(List<String> cells, int[] widths) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            b.append("| ")
                    .append(String.format("%-" + widths[c] + "s", cells.get(c)))
                    .append(' ');
        }
        return b.append('|').toString();
    }

    /** Read or write capacity as DynamoDB reports it: total, then the table's and each index's share. */
    public static String capacity(ConsumedCapacity c) {
        if (c == null) {
            return "(not reported)";
        }
        boolean reads = c.total().readCapacityUnits() > 0 || c.total().writeCapacityUnits() == 0;
        StringBuilder b = new StringBuilder(units(c.total(), reads));
        List<String> parts = new ArrayList<>();
        if (c.table() != null && value(c.table(), reads) > 0) {
            parts.add("table " + number(value(c.table(), reads)));
        }
        for (Map<String, Capacity> indexes : List.of(c.globalSecondaryIndexes(), c.localSecondaryIndexes())) {
            indexes.forEach((name, cap) -> parts.add(name + " " + number(value(cap, reads))));
        }
        if (!parts.isEmpty()) {
            b.append(" (").append(String.join(", ", parts)).append(')');
        }
        return b.toString();
    }

    private static String units(Capacity c, boolean reads) {
        return number(value(c, reads)) + (reads ? " RCU" : " WCU");
    }

    private static double value(Capacity c, boolean reads) {
        return reads ? c.readCapacityUnits() : c.writeCapacityUnits();
    }

    private static String number(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
