package io.partita.processor.model;

/**
 * What the processor knows about a field's Java type for key purposes.
 *
 * @param display the type as written in messages
 * @param category how the value is stored
 * @param primitive a Java primitive (can never be null)
 * @param enumConstants the number of constants of an enum, or -1
 * @param textSortsLikeValue rendered into a template, the default text sorts like the value
 *     (strings, enums by name, UUIDs, fixed-precision ISO-8601 java.time values, booleans, hex binary)
 * @param sortableFormat the type supports the {@code {field:sortable}} fixed-width, sign-aware encoding
 *     (integral numbers, float, double and their boxes)
 * @param qualifiedName the erased qualified name (or primitive keyword), for generators
 */
public record JavaType(
        String display,
        Category category,
        boolean primitive,
        int enumConstants,
        boolean textSortsLikeValue,
        boolean sortableFormat,
        String qualifiedName) {

    /** How a value of the type is stored, in DynamoDB's terms. */
    public enum Category {
        STRING("S"),
        NUMBER("N"),
        BINARY("B"),
        BOOLEAN("BOOL"),
        COLLECTION("L/SS/NS"),
        MAP("M"),
        OBJECT("M"),
        /** The type did not resolve (missing or not yet generated). */
        ERROR("?");

        private final String dynamoType;

        Category(String dynamoType) {
            this.dynamoType = dynamoType;
        }

        /** DynamoDB's attribute type letter(s). */
        public String dynamoType() {
            return dynamoType;
        }
    }

    /** Can be a key attribute: DynamoDB key attributes are String, Number or Binary. */
    public boolean isKeyType() {
        return category == Category.STRING || category == Category.NUMBER || category == Category.BINARY;
    }

    /** Can be rendered into a template or hashed for a shard: a key type or a boolean. */
    public boolean isScalar() {
        return isKeyType() || category == Category.BOOLEAN;
    }

    public boolean isEnum() {
        return enumConstants >= 0;
    }
}
