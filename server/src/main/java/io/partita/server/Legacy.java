package io.partita.server;

import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * DynamoDB's legacy (pre-expression) parameters, still sent by older clients, translated into the
 * expressions the core evaluates: {@code KeyConditions} → key condition, {@code QueryFilter} / {@code ScanFilter}
 * (with {@code ConditionalOperator}) → filter, {@code Expected} → condition, {@code AttributesToGet} →
 * projection, {@code AttributeUpdates} → update expression. Names and values go into fresh placeholders
 * ({@code #l0}, {@code :l0}, ...): a request with legacy parameters may not carry expression parameters, so
 * they cannot collide with the caller's.
 */
final class Legacy {
    final Map<String, String> names = new LinkedHashMap<>();
    final Map<String, AttributeValue> values = new LinkedHashMap<>();

    private String name(String attribute) {
        String p = "#l" + names.size();
        names.put(p, attribute);
        return p;
    }

    private String value(AttributeValue v) {
        String p = ":l" + values.size();
        values.put(p, v);
        return p;
    }

    /**
     * Rejects a request that mixes legacy and expression parameters, with DynamoDB's message. Each array lists
     * the parameter names of one kind.
     */
    static void checkNotMixed(Req r, String[] legacy, String[] expression) {
        StringJoiner nonExpr = new StringJoiner(", ", "{", "}");
        StringJoiner expr = new StringJoiner(", ", "{", "}");
        boolean anyLegacy = false;
        boolean anyExpr = false;
        for (String n : legacy) {
            if (r.has(n)) {
                nonExpr.add(n);
                anyLegacy = true;
            }
        }
        for (String n : expression) {
            if (r.has(n)) {
                expr.add(n);
                anyExpr = true;
            }
        }
        if (anyLegacy && anyExpr) {
            throw ApiException.validation(
                    "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: "
                            + nonExpr + " Expression parameters: " + expr);
        }
    }

    /**
     * The translation for one request (or one element of a batch/transaction), after checking that it does not
     * mix legacy and expression parameters ({@link #checkNotMixed}).
     */
    static Legacy of(Req r, String[] legacy, String[] expression) {
        checkNotMixed(r, legacy, expression);
        return new Legacy();
    }

    /** {@code AttributesToGet} as a projection expression. */
    String projection(List<Object> attributesToGet) {
        if (attributesToGet.isEmpty()) {
            throw ApiException.validation(
                    "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }
        StringJoiner out = new StringJoiner(", ");
        for (Object o : attributesToGet) {
            if (!(o instanceof String s)) {
                throw ApiException.serialization(
                        "Unexpected value type for AttributesToGet: expected a list of strings");
            }
            out.add(name(s));
        }
        return out.toString();
    }

    /** {@code KeyConditions}, {@code QueryFilter} or {@code ScanFilter} as one expression joined by {@code op}. */
    String conditions(Req conditions, String conditionalOperator, boolean keyCondition) {
        String join = joiner(conditionalOperator);
        StringJoiner out = new StringJoiner(join);
        for (Map.Entry<String, Object> e : conditions.json.entrySet()) {
            Req c = Req.of(e.getValue(), "Condition");
            String op = c.string("ComparisonOperator");
            if (op == null) {
                throw ApiException.validation(
                        "1 validation error detected: Value null at 'comparisonOperator' failed to satisfy constraint: Member must not be null");
            }
            out.add(condition(e.getKey(), op, args(c.list("AttributeValueList")), keyCondition));
        }
        if (out.length() == 0) {
            return null;
        }
        return out.toString();
    }

    private static String joiner(String conditionalOperator) {
        if (conditionalOperator == null || conditionalOperator.equals("AND")) {
            return " AND ";
        }
        if (conditionalOperator.equals("OR")) {
            return " OR ";
        }
        throw ApiException.validation(
                "1 validation error detected: Value '" + conditionalOperator
                        + "' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]");
    }

    private static List<AttributeValue> args(List<Object> list) {
        List<AttributeValue> out = new ArrayList<>();
        if (list != null) {
            for (Object o : list) {
                out.add(Values.read(o));
            }
        }
        return out;
    }

    private String condition(String attribute, String op, List<AttributeValue> args, boolean keyCondition) {
        int arity = switch (op) {
            case "EQ", "NE", "LE", "LT", "GE", "GT", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH" -> 1;
            case "NULL", "NOT_NULL" -> 0;
            case "BETWEEN" -> 2;
            case "IN" -> -1;
            default ->
                throw ApiException.validation("1 validation error detected: Value '" + op
                        + "' at 'comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: "
                        + "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
        };
        if (arity >= 0 ? args.size() != arity : args.isEmpty()) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: Invalid number of argument(s) for the " + op
                            + " ComparisonOperator");
        }
        if (keyCondition
                && !(op.equals("EQ")
                        || op.equals("LE")
                        || op.equals("LT")
                        || op.equals("GE")
                        || op.equals("GT")
                        || op.equals("BEGINS_WITH")
                        || op.equals("BETWEEN"))) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: Unsupported operator on KeyCondition: " + op);
        }
        String a = name(attribute);
        switch (op) {
            case "EQ":
                return a + " = " + value(args.get(0));
            case "NE":
                return a + " <> " + value(args.get(0));
            case "LE":
                return a + " <= " + value(args.get(0));
            case "LT":
                return a + " < " + value(args.get(0));
            case "GE":
                return a + " >= " + value(args.get(0));
            case "GT":
                return a + " > " + value(args.get(0));
            case "NULL":
                return "attribute_not_exists(" + a + ")";
            case "NOT_NULL":
                return "attribute_exists(" + a + ")";
            case "CONTAINS":
                return "contains(" + a + ", " + value(args.get(0)) + ")";
            case "NOT_CONTAINS":
                return "NOT contains(" + a + ", " + value(args.get(0)) + ")";
            case "BEGINS_WITH":
                return "begins_with(" + a + ", " + value(args.get(0)) + ")";
            case "BETWEEN":
                return a + " BETWEEN " + value(args.get(0)) + " AND " + value(args.get(1));
            default: { // IN
                StringJoiner in = new StringJoiner(", ", a + " IN (", ")");
                for (AttributeValue v : args) {
                    in.add(value(v));
                }
                return in.toString();
            }
        }
    }

    /** {@code Expected} (with {@code ConditionalOperator}) as a condition expression. */
    String expected(Req expected, String conditionalOperator) {
        StringJoiner out = new StringJoiner(joiner(conditionalOperator));
        for (Map.Entry<String, Object> e : expected.json.entrySet()) {
            Req c = Req.of(e.getValue(), "ExpectedAttributeValue");
            String op = c.string("ComparisonOperator");
            Boolean exists = c.boolOrNull("Exists");
            boolean hasValue = c.has("Value");
            if (op != null) {
                if (hasValue || exists != null) {
                    throw ApiException.validation(
                            "One or more parameter values were invalid: Value or Exists cannot be used with ComparisonOperator for Attribute: "
                                    + e.getKey());
                }
                out.add(condition(e.getKey(), op, args(c.list("AttributeValueList")), false));
            } else if (exists != null && !exists) {
                if (hasValue) {
                    throw ApiException.validation(
                            "One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: "
                                    + e.getKey());
                }
                out.add("attribute_not_exists(" + name(e.getKey()) + ")");
            } else {
                if (!hasValue) {
                    throw ApiException.validation(
                            "One or more parameter values were invalid: Value must be provided when Exists is "
                                    + (exists == null ? "null" : "true") + " for Attribute: " + e.getKey());
                }
                out.add(name(e.getKey()) + " = " + value(Values.read(c.json.get("Value"))));
            }
        }
        return out.length() == 0 ? null : out.toString();
    }

    /** The write's condition: {@code ConditionExpression}, or the legacy {@code Expected} map translated. */
    String condition(Req r) {
        return r.has("Expected")
                ? expected(r.object("Expected"), r.string("ConditionalOperator"))
                : r.string("ConditionExpression");
    }

    /**
     * {@code ExpressionAttributeNames} of an expression request, or the placeholders this translation made
     * (a request is one or the other: {@link #checkNotMixed}). Call after translating every legacy parameter.
     */
    Map<String, String> names(Req r) {
        return names.isEmpty() ? r.stringMap("ExpressionAttributeNames") : names;
    }

    /** {@code ExpressionAttributeValues}, or this translation's placeholders (see {@link #names(Req)}). */
    Map<String, AttributeValue> values(Req r) {
        return values.isEmpty() ? r.item("ExpressionAttributeValues") : values;
    }

    /** {@code AttributeUpdates} as an update expression. */
    String attributeUpdates(Req updates) {
        StringJoiner set = new StringJoiner(", ", "SET ", "");
        StringJoiner remove = new StringJoiner(", ", "REMOVE ", "");
        StringJoiner add = new StringJoiner(", ", "ADD ", "");
        StringJoiner delete = new StringJoiner(", ", "DELETE ", "");
        set.setEmptyValue("");
        remove.setEmptyValue("");
        add.setEmptyValue("");
        delete.setEmptyValue("");
        for (Map.Entry<String, Object> e : updates.json.entrySet()) {
            Req u = Req.of(e.getValue(), "AttributeValueUpdate");
            String action = u.string("Action");
            AttributeValue v = u.has("Value") ? Values.read(u.json.get("Value")) : null;
            String a = name(e.getKey());
            switch (action == null ? "PUT" : action) {
                case "PUT":
                    if (v == null) {
                        throw ApiException.validation(
                                "One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified");
                    }
                    set.add(a + " = " + value(v));
                    break;
                case "DELETE":
                    if (v == null) {
                        remove.add(a);
                    } else {
                        delete.add(a + " " + value(v));
                    }
                    break;
                case "ADD":
                    if (v == null) {
                        throw ApiException.validation(
                                "One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified");
                    }
                    if (v instanceof AttributeValue.L) {
                        set.add(a + " = list_append(if_not_exists(" + a + ", " + value(AttributeValue.l(List.of()))
                                + "), " + value(v) + ")");
                    } else {
                        add.add(a + " " + value(v));
                    }
                    break;
                default:
                    throw ApiException.validation(
                            "1 validation error detected: Value '" + action
                                    + "' at 'attributeUpdates' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]");
            }
        }
        String expr = (set + " " + remove + " " + add + " " + delete).trim().replaceAll(" +", " ");
        return expr.isEmpty() ? null : expr;
    }
}
