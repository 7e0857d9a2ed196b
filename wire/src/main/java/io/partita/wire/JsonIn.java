package io.partita.wire;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A request body read member by member with Jackson's streaming parser. Each typed read takes the value the
 * parser stands on; JSON {@code null} reads as absent (as DynamoDB reads it), and a value of the wrong JSON type
 * is a {@code SerializationException} naming the member ("Unexpected value type for Limit: expected an
 * integer"). A member repeated in one object: the last wins, as DynamoDB's parser does.
 */
final class JsonIn implements AutoCloseable {
    private static final byte[] EMPTY_OBJECT = {'{', '}'};

    final JsonParser p;

    private JsonIn(JsonParser p) {
        this.p = p;
    }

    /**
     * A parser on the request object (an empty body is an empty object, as DynamoDB reads it), once the body is
     * known to be well-formed UTF-8 ({@link Utf8Check}).
     */
    static JsonIn open(byte[] body, int offset, int length) throws IOException {
        Utf8Check.check(body, offset, length);
        JsonParser p =
                length == 0 ? Wire.FACTORY.createParser(EMPTY_OBJECT) : Wire.FACTORY.createParser(body, offset, length);
        JsonIn in = new JsonIn(p);
        if (p.nextToken() != JsonToken.START_OBJECT) {
            p.close();
            throw WireException.serialization("Start of structure or map found where not expected");
        }
        return in;
    }

    /** Reads one member of an object into {@code target}; the parser stands on the member's value. */
    @FunctionalInterface
    interface Member<T> {
        void read(T target, JsonIn in, String name) throws IOException;
    }

    /**
     * A request body read member by member into {@code target}: the object, then nothing after it; malformed JSON
     * is a {@code SerializationException} ({@link #malformed}).
     */
    static <T> T readRequest(byte[] body, int offset, int length, T target, Member<? super T> member) {
        try (JsonIn in = open(body, offset, length)) {
            in.forEachMember(target, member);
            in.end();
            return target;
        } catch (IOException e) {
            throw malformed(e);
        }
    }

    /**
     * Reads each member of the object the parser stands on (past its {@code START_OBJECT}) up to its end, handing
     * {@code member} the parser on each member's value; a member it leaves unread must be skipped by it.
     */
    <T> T forEachMember(T target, Member<? super T> member) throws IOException {
        while (nextField()) {
            member.read(target, this, p.currentName());
        }
        return target;
    }

    /** After the request object: nothing may follow it. */
    void end() throws IOException {
        if (p.nextToken() != null) {
            throw WireException.serialization("Unexpected content after the request object");
        }
    }

    @Override
    public void close() throws IOException {
        p.close();
    }

    /** Malformed JSON, as DynamoDB answers it: a {@code SerializationException} with the parser's first line. */
    static WireException malformed(IOException e) {
        String message = e.getMessage();
        if (message == null) {
            return WireException.serialization("Malformed JSON");
        }
        int nl = message.indexOf('\n');
        return WireException.serialization(nl < 0 ? message : message.substring(0, nl));
    }

    /**
     * Steps to the next member of the object being read and onto its value; {@code false} at the object's end.
     */
    boolean nextField() throws IOException {
        JsonToken t = p.nextToken();
        if (t == JsonToken.FIELD_NAME) {
            p.nextToken();
            return true;
        }
        if (t != JsonToken.END_OBJECT) {
            throw WireException.serialization("Malformed JSON object");
        }
        return false;
    }

    /** The current member's name. */
    String name() throws IOException {
        return p.currentName();
    }

    boolean isNull() {
        return p.currentToken() == JsonToken.VALUE_NULL;
    }

    /** Skips the current value (a member the operation does not read). */
    void skip() throws IOException {
        p.skipChildren();
    }

    String string(String name) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        throw WireException.serialization("Unexpected value type for " + name + ": expected a string");
    }

    Boolean bool(String name) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
            return t == JsonToken.VALUE_TRUE;
        }
        throw WireException.serialization("Unexpected value type for " + name + ": expected a boolean");
    }

    /** An integer member, clamped to {@code int}'s range. */
    Integer integer(String name) throws IOException {
        Long v = longValue(name);
        return v == null ? null : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }

    Long longValue(String name) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            return p.getLongValue();
        }
        throw WireException.serialization("Unexpected value type for " + name + ": expected an integer");
    }

    /** {@code true} on an object to read with {@link #nextField()}; {@code false} on {@code null}. */
    boolean object(String name) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return false;
        }
        if (t == JsonToken.START_OBJECT) {
            return true;
        }
        throw WireException.serialization("Unexpected value type for " + name + ": expected a structure");
    }

    /** {@code true} on an array to read with {@link #nextElement()}; {@code false} on {@code null}. */
    boolean array(String name) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return false;
        }
        if (t == JsonToken.START_ARRAY) {
            return true;
        }
        throw WireException.serialization("Unexpected value type for " + name + ": expected a list");
    }

    /** Steps onto the next element of the array being read; {@code false} at its end. */
    boolean nextElement() throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw WireException.serialization("Unexpected end of input");
        }
        return t != JsonToken.END_ARRAY;
    }

    /** A map of strings ({@code ExpressionAttributeNames}); {@code null} when absent. */
    Map<String, String> stringMap(String name) throws IOException {
        if (!object(name)) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        while (nextField()) {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw WireException.serialization("Unexpected value type for " + name + ": expected a map of strings");
            }
            out.put(p.currentName(), p.getText());
        }
        return out;
    }

    /** A list of strings ({@code AttributesToGet}, {@code NonKeyAttributes}, {@code TagKeys}); {@code null} when absent. */
    List<String> strings(String name) throws IOException {
        if (!array(name)) {
            return null;
        }
        List<String> out = new ArrayList<>();
        while (nextElement()) {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw WireException.serialization("Unexpected value type for " + name + ": expected a list of strings");
            }
            out.add(p.getText());
        }
        return out;
    }
}
