package io.partita.wire;

import io.partita.storage.schema.ProjectionType;
import io.partita.storage.value.AttributeType;

/**
 * The one place where DynamoDB's enumerated wire values map to the core's types and back, each with DynamoDB's
 * message for a value outside its set ("Value 'X' at 'select' failed to satisfy constraint: Member must satisfy
 * enum value set: [...]").
 */
public final class WireEnums {
    public static final String PROVISIONED = "PROVISIONED";
    public static final String PAY_PER_REQUEST = "PAY_PER_REQUEST";
    public static final String HASH = "HASH";
    public static final String RANGE = "RANGE";

    private WireEnums() {}

    /** DynamoDB's error for {@code value} outside {@code allowed} at the member {@code constraintName}. */
    public static WireException notInSet(String value, String constraintName, String allowed) {
        return WireException.validation("1 validation error detected: Value '" + value + "' at '" + constraintName
                + "' failed to satisfy constraint: Member must satisfy enum value set: [" + allowed + "]");
    }

    /** A value of one of the core's enums named as on the wire ({@code ReturnValues}, {@code Select}, ...). */
    public static <E extends Enum<E>> E of(String value, Class<E> type, String constraintName) {
        if (value == null) {
            return null;
        }
        try {
            return Enum.valueOf(type, value);
        } catch (IllegalArgumentException e) {
            StringBuilder allowed = new StringBuilder();
            for (E c : type.getEnumConstants()) {
                allowed.append(allowed.length() == 0 ? "" : ", ").append(c.name());
            }
            throw notInSet(value, constraintName, allowed.toString());
        }
    }

    /** {@code ReturnItemCollectionMetrics}: {@code SIZE} or {@code NONE} (absent). */
    public static boolean returnItemCollectionMetrics(String v) {
        if (v == null || v.equals("NONE")) {
            return false;
        }
        if (v.equals("SIZE")) {
            return true;
        }
        throw notInSet(v, "returnItemCollectionMetrics", "SIZE, NONE");
    }

    /** {@code ReturnValuesOnConditionCheckFailure}: {@code ALL_OLD} or {@code NONE} (absent). */
    public static boolean returnValuesOnConditionCheckFailure(String v) {
        if (v == null || v.equals("NONE")) {
            return false;
        }
        if (v.equals("ALL_OLD")) {
            return true;
        }
        throw notInSet(v, "returnValuesOnConditionCheckFailure", "ALL_OLD, NONE");
    }

    /** The legacy {@code ConditionalOperator} as the expression's joiner: {@code AND} (absent) or {@code OR}. */
    public static String conditionalOperator(String v) {
        if (v == null || v.equals("AND")) {
            return " AND ";
        }
        if (v.equals("OR")) {
            return " OR ";
        }
        throw notInSet(v, "conditionalOperator", "OR, AND");
    }

    /** A key attribute's {@code AttributeType}: {@code S}, {@code N} or {@code B}. */
    public static AttributeType attributeType(String v) {
        if (!v.equals("S") && !v.equals("N") && !v.equals("B")) {
            throw notInSet(v, "attributeDefinitions.member.attributeType", "B, N, S");
        }
        return AttributeType.valueOf(v);
    }

    /** A {@code KeySchemaElement}'s {@code KeyType}: {@code true} for {@code HASH}, {@code false} for RANGE. */
    public static boolean isHash(String keyType) {
        if (keyType.equals(HASH)) {
            return true;
        }
        if (keyType.equals(RANGE)) {
            return false;
        }
        throw notInSet(keyType, "keySchema.member.keyType", "HASH, RANGE");
    }

    /** An index's {@code ProjectionType}. */
    public static ProjectionType projectionType(String v) {
        try {
            return ProjectionType.valueOf(v);
        } catch (IllegalArgumentException e) {
            throw notInSet(v, "projection.projectionType", "ALL, INCLUDE, KEYS_ONLY");
        }
    }

    /** {@code ProjectionType} on the wire. */
    public static String projectionType(ProjectionType t) {
        return t.name();
    }

    /** {@code BillingMode}: {@code PROVISIONED} or {@code PAY_PER_REQUEST}. */
    public static String billingMode(String v) {
        if (!v.equals(PROVISIONED) && !v.equals(PAY_PER_REQUEST)) {
            throw notInSet(v, "billingMode", "PROVISIONED, PAY_PER_REQUEST");
        }
        return v;
    }
}
