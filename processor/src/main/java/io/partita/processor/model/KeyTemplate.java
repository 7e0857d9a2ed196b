package io.partita.processor.model;

import io.partita.processor.diag.Phrase;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A key template such as {@code "USER#{userId}"} or {@code "{status}#{orderDate}"}: literal text and
 * {@code {field}} / {@code {field:format}} placeholders. '{' and '}' are reserved.
 *
 * <p>A malformed template keeps its source and a {@link #syntaxError()}; its parts are then empty.
 */
public record KeyTemplate(String source, List<Part> parts, Optional<Phrase.Text> syntaxError, Origin origin) {

    /** One piece of a template. */
    public sealed interface Part permits Literal, Placeholder {}

    /** Literal text, rendered as written. */
    public record Literal(String text) implements Part {}

    /** A field rendered as text with a format. */
    public record Placeholder(String field, Format format) implements Part {}

    /** How a placeholder renders its field. */
    public enum Format {
        /** The type's default text (see {@code @Key}'s Javadoc). */
        DEFAULT,
        /** Fixed-width, sign-aware text that sorts like the number ({@code {field:sortable}}). */
        SORTABLE
    }

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

    public KeyTemplate {
        parts = List.copyOf(parts);
    }

    /** Parses {@code source}; never throws. */
    public static KeyTemplate parse(String source, Origin origin) {
        List<Part> parts = new ArrayList<>();
        if (source.isEmpty()) {
            return new KeyTemplate(source, List.of(), Optional.of(Phrase.EMPTY_TEMPLATE.with()), origin);
        }
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (c == '}') {
                return malformed(source, origin, Phrase.UNOPENED_PLACEHOLDER.with(i));
            }
            if (c != '{') {
                literal.append(c);
                i++;
                continue;
            }
            int close = source.indexOf('}', i + 1);
            int nested = source.indexOf('{', i + 1);
            if (close < 0 || (nested >= 0 && nested < close)) {
                return malformed(source, origin, Phrase.UNCLOSED_PLACEHOLDER.with(i));
            }
            if (literal.length() > 0) {
                parts.add(new Literal(literal.toString()));
                literal.setLength(0);
            }
            String body = source.substring(i + 1, close);
            String field = body;
            Format format = Format.DEFAULT;
            int colon = body.indexOf(':');
            if (colon >= 0) {
                field = body.substring(0, colon);
                String f = body.substring(colon + 1);
                if (!f.equals("sortable")) {
                    return malformed(source, origin, Phrase.UNKNOWN_FORMAT.with(f, body));
                }
                format = Format.SORTABLE;
            }
            if (!IDENTIFIER.matcher(field).matches()) {
                return malformed(source, origin, Phrase.PLACEHOLDER_NOT_A_FIELD.with(body));
            }
            if (!parts.isEmpty() && parts.get(parts.size() - 1) instanceof Placeholder) {
                return malformed(
                        source,
                        origin,
                        Phrase.TOUCHING_PLACEHOLDERS.with(((Placeholder) parts.get(parts.size() - 1)).field(), field));
            }
            parts.add(new Placeholder(field, format));
            i = close + 1;
        }
        if (literal.length() > 0) {
            parts.add(new Literal(literal.toString()));
        }
        return new KeyTemplate(source, parts, Optional.empty(), origin);
    }

    private static KeyTemplate malformed(String source, Origin origin, Phrase.Text why) {
        return new KeyTemplate(source, List.of(), Optional.of(why), origin);
    }

    public boolean isValid() {
        return syntaxError.isEmpty();
    }

    public List<Placeholder> placeholders() {
        return parts.stream()
                .filter(Placeholder.class::isInstance)
                .map(Placeholder.class::cast)
                .toList();
    }

    /** No placeholder: every item renders the same value. */
    public boolean isConstant() {
        return isValid() && placeholders().isEmpty();
    }

    /** The literal text before the first placeholder (the whole text of a constant template). */
    public String leadingLiteral() {
        StringBuilder sb = new StringBuilder();
        for (Part p : parts) {
            if (p instanceof Literal l) {
                sb.append(l.text());
            } else {
                break;
            }
        }
        return sb.toString();
    }

    /** The literal text after the last placeholder. */
    public String trailingLiteral() {
        if (parts.isEmpty() || !(parts.get(parts.size() - 1) instanceof Literal last)) {
            return "";
        }
        return isConstant() ? "" : last.text();
    }

    /**
     * Whether this template and {@code other} can render the same string, treating every placeholder as
     * "any text". Exact for that model: two templates with placeholders overlap iff their leading literals
     * agree (one is a prefix of the other) and their trailing literals agree (one is a suffix of the other);
     * a constant overlaps a template iff it matches it.
     */
    public boolean mayRenderSameAs(KeyTemplate other) {
        if (isConstant() && other.isConstant()) {
            return leadingLiteral().equals(other.leadingLiteral());
        }
        if (isConstant()) {
            return other.asPattern().matcher(leadingLiteral()).matches();
        }
        if (other.isConstant()) {
            return asPattern().matcher(other.leadingLiteral()).matches();
        }
        return prefixCompatible(leadingLiteral(), other.leadingLiteral())
                && suffixCompatible(trailingLiteral(), other.trailingLiteral());
    }

    /**
     * Whether a {@code begins_with} query on this template's literal prefix can match a value rendered by
     * {@code other}, or the other way round.
     */
    public boolean sharesPrefixWith(KeyTemplate other) {
        return prefixCompatible(leadingLiteral(), other.leadingLiteral());
    }

    private Pattern asPattern() {
        StringBuilder regex = new StringBuilder();
        for (Part p : parts) {
            regex.append(p instanceof Literal l ? Pattern.quote(l.text()) : ".*");
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    private static boolean prefixCompatible(String a, String b) {
        return a.startsWith(b) || b.startsWith(a);
    }

    private static boolean suffixCompatible(String a, String b) {
        return a.endsWith(b) || b.endsWith(a);
    }
}
