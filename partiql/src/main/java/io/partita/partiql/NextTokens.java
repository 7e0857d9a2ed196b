package io.partita.partiql;

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeValue;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code NextToken}: a page's last evaluated key as an opaque string (URL-safe Base64 of its attributes, each a
 * name, a type letter S/N/B and the value), read back into the {@code ExclusiveStartKey} of the next page.
 */
final class NextTokens {
    private NextTokens() {}

    static String encode(Map<String, AttributeValue> key) {
        if (key == null || key.isEmpty()) {
            return null;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(key.size());
            for (Map.Entry<String, AttributeValue> e : key.entrySet()) {
                out.writeUTF(e.getKey());
                AttributeValue v = e.getValue();
                switch (v.type()) {
                    case S -> {
                        out.writeByte('S');
                        out.writeUTF(v.asS());
                    }
                    case N -> {
                        out.writeByte('N');
                        out.writeUTF(((AttributeValue.N) v).value().toString());
                    }
                    default -> {
                        out.writeByte('B');
                        byte[] b = v.asB().toByteArray();
                        out.writeShort(b.length);
                        out.write(b);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
    }

    static Map<String, AttributeValue> decode(String token) {
        if (token == null) {
            return null;
        }
        try (DataInputStream in = new DataInputStream(
                new ByteArrayInputStream(Base64.getUrlDecoder().decode(token)))) {
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            int n = in.readUnsignedByte();
            for (int i = 0; i < n; i++) {
                String name = in.readUTF();
                int type = in.readUnsignedByte();
                key.put(
                        name,
                        switch (type) {
                            case 'S' -> AttributeValue.s(in.readUTF());
                            case 'N' -> AttributeValue.n(in.readUTF());
                            case 'B' -> {
                                byte[] b = new byte[in.readUnsignedShort()];
                                in.readFully(b);
                                yield AttributeValue.b(b);
                            }
                            default -> throw invalid();
                        });
            }
            if (in.read() != -1) {
                throw invalid();
            }
            return key;
        } catch (IOException | IllegalArgumentException e) {
            throw invalid();
        }
    }

    private static ValidationException invalid() {
        return new ValidationException("Given NextToken is not valid");
    }
}
