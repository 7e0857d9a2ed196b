package io.partita.wire;

import io.partita.storage.value.AttributeValue;
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
     * The translation for one request (or one element of a batch/transaction), after rejecting a request that
     * mixes legacy and expression parameters, with DynamoDB's message. Each array lists the parameter names of
     * one kind.
     */
    static Legacy of(Input r, String[] legacy, String[] expression) {
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
            throw WireException.validation(
                    "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: "
                            + nonExpr + " Expression parameters: " + expr);
        }
        return new Legacy();
    }

    /** The projection: {@code AttributesToGet} translated, or {@code ProjectionExpression}. */
    String projection(Input r) {
        if (r.attributesToGet == null) {
            return r.projectionExpression;
        }
        if (r.attributesToGet.isEmpty()) {
            throw WireException.validation(
                    "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }
        StringJoiner out = new StringJoiner(", ");
        for (String s : r.attributesToGet) {
            out.add(name(s));
        }
        return out.toString();
    }

    /** {@code KeyConditions}, {@code QueryFilter} or {@code ScanFilter} as one expression joined by {@code op}. */
    String conditions(Map<String, LegacyEntry> conditions, String conditionalOperator, boolean keyCondition) {
        String join = WireEnums.conditionalOperator(conditionalOperator);
        StringJoiner out = new StringJoiner(join);
        for (Map.Entry<String, LegacyEntry> e : conditions.entrySet()) {
            LegacyEntry c = e.getValue();
            if (c.comparisonOperator() == null) {
                throw WireException.missing("comparisonOperator");
            }
            out.add(condition(e.getKey(), c.comparisonOperator(), args(c), keyCondition));
        }
        if (out.length() == 0) {
            return null;
        }
        return out.toString();
    }

    private static List<AttributeValue> args(LegacyEntry c) {
        return c.attributeValueList() == null ? List.of() : c.attributeValueList();
    }

    private static int arity(String op) {
        return switch (op) {
            case "EQ", "NE", "LE", "LT", "GE", "GT", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH" -> 1;
            case "NULL", "NOT_NULL" -> 0;
            case "BETWEEN" -> 2;
            case "IN" -> -1;
            default ->
                throw WireEnums.notInSet(
                        op,
                        "comparisonOperator",
                        "IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS");
        };
    }

    private String condition(String attribute, String op, List<AttributeValue> args, boolean keyCondition) {
        int arity = arity(op);
        if (arity >= 0 ? args.size() != arity : args.isEmpty()) {
            throw WireException.validation(
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
            throw WireException.validation(
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

    /** The write's condition: {@code ConditionExpression}, or the legacy {@code Expected} map translated. */
    String condition(Input r) {
        return r.expected != null ? expected(r.expected, r.conditionalOperator) : r.conditionExpression;
    }

    /** {@code Expected} (with {@code ConditionalOperator}) as a condition expression. */
    private String expected(Map<String, LegacyEntry> expected, String conditionalOperator) {
        StringJoiner out = new StringJoiner(WireEnums.conditionalOperator(conditionalOperator));
        for (Map.Entry<String, LegacyEntry> e : expected.entrySet()) {
            LegacyEntry c = e.getValue();
            String op = c.comparisonOperator();
            Boolean exists = c.exists();
            boolean hasValue = c.value() != null;
            if (op != null) {
                if (hasValue || exists != null) {
                    throw WireException.validation(
                            "One or more parameter values were invalid: Value or Exists cannot be used with ComparisonOperator for Attribute: "
                                    + e.getKey());
                }
                out.add(condition(e.getKey(), op, args(c), false));
            } else if (exists != null && !exists) {
                if (hasValue) {
                    throw WireException.validation(
                            "One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: "
                                    + e.getKey());
                }
                out.add("attribute_not_exists(" + name(e.getKey()) + ")");
            } else {
                if (!hasValue) {
                    throw WireException.validation(
                            "One or more parameter values were invalid: Value must be provided when Exists is "
                                    + (exists == null ? "null" : "true") + " for Attribute: " + e.getKey());
                }
                out.add(name(e.getKey()) + " = " + value(c.value()));
            }
        }
        return out.length() == 0 ? null : out.toString();
    }

    /**
     * {@code ExpressionAttributeNames} of an expression request, or the placeholders this translation made
     * (a request is one or the other: {@link #of}). Call after translating every legacy parameter.
     */
    Map<String, String> names(Input r) {
        return names.isEmpty() ? r.names : names;
    }

    /** {@code ExpressionAttributeValues}, or this translation's placeholders (see {@link #names(Input)}). */
    Map<String, AttributeValue> values(Input r) {
        return values.isEmpty() ? r.values : values;
    }

    /** The update: {@code AttributeUpdates} translated, or {@code UpdateExpression}. */
    String update(Input r) {
        return r.attributeUpdates != null ? attributeUpdates(r.attributeUpdates) : r.updateExpression;
    }

    private String attributeUpdates(Map<String, LegacyEntry> updates) {
        StringJoiner set = clause("SET ");
        StringJoiner remove = clause("REMOVE ");
        StringJoiner add = clause("ADD ");
        StringJoiner delete = clause("DELETE ");
        for (Map.Entry<String, LegacyEntry> e : updates.entrySet()) {
            String action = e.getValue().action();
            AttributeValue v = e.getValue().value();
            String a = name(e.getKey());
            switch (action == null ? "PUT" : action) {
                case "PUT":
                    set.add(a + " = " + value(required(v)));
                    break;
                case "DELETE":
                    if (v == null) {
                        remove.add(a);
                    } else {
                        delete.add(a + " " + value(v));
                    }
                    break;
                case "ADD":
                    if (required(v) instanceof AttributeValue.L) {
                        set.add(a + " = list_append(if_not_exists(" + a + ", " + value(AttributeValue.l(List.of()))
                                + "), " + value(v) + ")");
                    } else {
                        add.add(a + " " + value(v));
                    }
                    break;
                default:
                    throw WireEnums.notInSet(action, "attributeUpdates", "ADD, PUT, DELETE");
            }
        }
        String expr = (set + " " + remove + " " + add + " " + delete).trim().replaceAll(" +", " ");
        return expr.isEmpty() ? null : expr;
    }

    private static StringJoiner clause(String keyword) {
        StringJoiner j = new StringJoiner(", ", keyword, "");
        j.setEmptyValue("");
        return j;
    }

    private static AttributeValue required(AttributeValue v) {
        if (v == null) {
            throw WireException.validation(
                    "One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified");
        }
        return v;
    }
}
