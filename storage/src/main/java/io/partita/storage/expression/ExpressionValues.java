package io.partita.storage.expression;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.AttributeValue.B;
import io.partita.storage.value.AttributeValue.N;
import io.partita.storage.value.AttributeValue.S;
import io.partita.storage.value.KeyOrder;

/**
 * How DynamoDB's expressions see values: equality ({@code =}, {@code IN}, {@code contains} on lists), the order
 * of scalars ({@code < <= > >=}, {@code BETWEEN}) and how a value is spelled in an error message.
 */
final class ExpressionValues {
    private ExpressionValues() {}

    static final int INCOMPARABLE = Integer.MIN_VALUE;

    /** DynamoDB's '=': same type and structurally equal (numbers numerically, sets as sets); missing is never equal. */
    static boolean equal(AttributeValue a, AttributeValue b) {
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof N na) {
            return b instanceof N nb && na.value().compareTo(nb.value()) == 0;
        }
        return a.equals(b);
    }

    /** Order of two values of one scalar type (S by UTF-8 bytes, N numerically, B unsigned); else INCOMPARABLE. */
    static int compareScalar(AttributeValue a, AttributeValue b) {
        if (a instanceof S sa) {
            return b instanceof S sb ? Integer.signum(KeyOrder.compareUtf8(sa.value(), sb.value())) : INCOMPARABLE;
        }
        if (a instanceof N na) {
            return b instanceof N nb ? na.value().compareTo(nb.value()) : INCOMPARABLE;
        }
        if (a instanceof B ba) {
            return b instanceof B bb ? Integer.signum(ba.value().compareTo(bb.value())) : INCOMPARABLE;
        }
        return INCOMPARABLE;
    }

    /** DynamoDB's rendering of a value in error messages, e.g. {@code {N:5}}. */
    static String render(AttributeValue v) {
        if (v instanceof S s) {
            return "{S:" + s.value() + "}";
        }
        if (v instanceof N n) {
            return "{N:" + n.text() + "}";
        }
        if (v instanceof B b) {
            return "{B:" + b.value().toBase64() + "}";
        }
        return v.toString();
    }

    /** DynamoDB's long type names, used in ADD/DELETE operand errors. */
    static String longTypeName(AttributeValue v) {
        switch (v.type()) {
            case S:
                return "STRING";
            case N:
                return "NUMBER";
            case B:
                return "BINARY";
            case BOOL:
                return "BOOLEAN";
            case NULL:
                return "NULL";
            case L:
                return "LIST";
            case M:
                return "MAP";
            default:
                return v.type().name();
        }
    }
}
