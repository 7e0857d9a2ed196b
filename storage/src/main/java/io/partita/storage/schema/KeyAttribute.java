package io.partita.storage.schema;

import io.partita.storage.Message;
import io.partita.storage.value.AttributeType;

/** One key attribute: its name and its scalar type (S, N or B), as in DynamoDB's AttributeDefinitions. */
public record KeyAttribute(String name, AttributeType type) {
    public KeyAttribute {
        if (name == null || name.isEmpty() || name.length() > 255) {
            throw Message.KeyAttributeNameLength.exception(name == null ? "null" : "'" + name + "'");
        }
        if (type == null || !type.isScalarKeyType()) {
            throw Message.KeyAttributeType.exception(name, type);
        }
    }

    public static KeyAttribute s(String name) {
        return new KeyAttribute(name, AttributeType.S);
    }

    public static KeyAttribute n(String name) {
        return new KeyAttribute(name, AttributeType.N);
    }

    public static KeyAttribute b(String name) {
        return new KeyAttribute(name, AttributeType.B);
    }
}
