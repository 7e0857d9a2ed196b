package io.partita.wire;

import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * DynamoDB's legacy (pre-expression) parameters, still sent by older clients, translated into the
 * expressions the core evaluates: {@code KeyConditions} → key condition, {@code QueryFilter} / {@code ScanFilter}
 * (with {@code ConditionalOperator}) → filter, {@code Expected} → condition, {@code AttributesToGet} →
 * projection, {@code AttributeUpdates} → update expression. Names and values go into fresh placeholders
 * ({@code #l0}, {@code :l0}, ...), skipping any the request defines itself.
 */
final class Legacy {
    final Map<String, String> names = new LinkedHashMap<>();
    final Map<String, AttributeValue> values = new LinkedHashMap<>();
    private final Input request;
    private int nextName;
    private int nextValue;

    /**
     * The translation of a request without legacy parameters: nothing to translate, so one shared instance (its
     * maps stay empty: only a legacy parameter adds placeholders).
     */
    private static final Legacy NONE = new Legacy(null);

    private Legacy(Input request) {
        this.request = request;
    }

    /** {@link #NONE} adds no placeholder: a request it was chosen for has no legacy parameter to translate. */
    private void checkTranslating() {
        if (request == null) {
            throw new IllegalStateException("a legacy parameter to translate in a request that has none");
        }
    }

    /** A fresh name placeholder, never one of the request's own ({@code KeyConditions} may come with them). */
    private String name(String attribute) {
        checkTranslating();
        String p;
        do {
            p = "#l" + nextName++;
        } while (request.names != null && request.names.containsKey(p));
        names.put(p, attribute);
        return p;
    }

    private String value(AttributeValue v) {
        checkTranslating();
        String p;
        do {
            p = ":l" + nextValue++;
        } while (request.values != null && request.values.containsKey(p));
        values.put(p, v);
        return p;
    }

    /**
     * The translation for one request (or one element of a batch/transaction), after applying DynamoDB's rule
     * on mixing legacy and expression parameters: once any expression parameter ({@code expression}, the
     * expression kinds only) is present, no legacy parameter may be, except {@code KeyConditions} without a
     * {@code KeyConditionExpression} (DynamoDB takes {@code KeyConditions} with a {@code ProjectionExpression} or
     * a {@code FilterExpression}). Without any expression, {@code ExpressionAttributeNames} and
     * {@code ExpressionAttributeValues} are refused with DynamoDB's messages; values are refused too when only a
     * {@code ProjectionExpression} is present (no expression kind that reads values).
     */
    static Legacy of(Input r, String[] legacy, String[] expression) {
        r.checkPlaceholderMaps();
        boolean anyExpr = false;
        boolean anyValueExpr = false;
        for (String n : expression) {
            if (r.has(n)) {
                anyExpr = true;
                anyValueExpr |= !n.equals("ProjectionExpression");
            }
        }
        boolean keyConditionsAllowed = !r.has("KeyConditionExpression");
        boolean mixed = false;
        for (String n : legacy) {
            mixed |= r.has(n) && !(n.equals("KeyConditions") && keyConditionsAllowed);
        }
        if (anyExpr && mixed) {
            throw mixing(r, legacy, expression, keyConditionsAllowed);
        }
        if (!anyExpr && r.has("ExpressionAttributeNames")) {
            throw WireException.validation("ExpressionAttributeNames can only be specified when using expressions");
        }
        if (!anyValueExpr && r.has("ExpressionAttributeValues")) {
            checkValuesWithoutExpression(expression);
        }
        return translates(r) ? new Legacy(r) : NONE;
    }

    /** Whether {@code r} holds a legacy parameter that adds placeholders when translated. */
    private static boolean translates(Input r) {
        return r.attributesToGet != null
                || r.keyConditions != null
                || r.queryFilter != null
                || r.scanFilter != null
                || r.expected != null
                || r.attributeUpdates != null;
    }

    /** The messages are built only for the request refused: the common request allocates nothing here. */
    private static WireException mixing(Input r, String[] legacy, String[] expression, boolean keyConditionsAllowed) {
        StringJoiner nonExpr = new StringJoiner(", ", "{", "}");
        StringJoiner expr = new StringJoiner(", ", "{", "}");
        for (String n : expression) {
            if (r.has(n)) {
                expr.add(n);
            }
        }
        for (String n : legacy) {
            if (r.has(n) && !(n.equals("KeyConditions") && keyConditionsAllowed)) {
                nonExpr.add(n);
            }
        }
        return WireException.validation(
                "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: "
                        + nonExpr + " Expression parameters: " + expr);
    }

    /**
     * {@code ExpressionAttributeValues} without an expression that reads values: refused, naming the expression
     * kinds that would (none for GetItem, whose only expression is a projection: nothing to refuse then).
     */
    private static void checkValuesWithoutExpression(String[] expression) {
        StringJoiner valueExprs = new StringJoiner(" and ");
        int kinds = 0;
        for (String n : expression) {
            if (!n.equals("ProjectionExpression")) {
                valueExprs.add(n);
                kinds++;
            }
        }
        if (kinds > 0) {
            throw WireException.validation("ExpressionAttributeValues can only be specified when using expressions: "
                    + valueExprs + (kinds > 1 ? " are null" : " is null"));
        }
    }

    /**
     * DynamoDB's rule for {@code ConditionalOperator}: it joins the entries of {@code Expected} or of a
     * filter ({@code QueryFilter}, {@code ScanFilter}), and without one, or with an empty one, it is an error (as
     * ScyllaDB's test_expected.py records DynamoDB's answer to an empty {@code Expected}).
     */
    static void checkConditionalOperator(Input r, Map<String, ?> expectedOrFilter) {
        // an empty map is no condition (DynamoDB takes an empty Expected), so it is no place for the operator either
        if (r.conditionalOperator != null && (expectedOrFilter == null || expectedOrFilter.isEmpty())) {
            throw WireException.validation("ConditionalOperator cannot be used without Filter or Expected");
        }
    }

    /** The projection: {@code AttributesToGet} translated, or {@code ProjectionExpression}. */
    String projection(Input r) {
        if (r.attributesToGet == null) {
            return r.projectionExpression;
        }
        if (r.select != null && !r.select.equals("SPECIFIC_ATTRIBUTES")) {
            throw WireException.validation("Cannot specify the AttributesToGet when choosing to get "
                    + (r.select.equals("COUNT") ? "only the Count" : r.select));
        }
        if (r.attributesToGet.isEmpty()) {
            throw WireException.validation(
                    "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1");
        }
        StringJoiner out = new StringJoiner(", ");
        Set<String> seen = new HashSet<>();
        for (String s : r.attributesToGet) {
            if (!seen.add(s)) {
                throw WireException.validation("Cannot have two attributes with the same name");
            }
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

    /**
     * DynamoDB's operand rules of the legacy comparison operators: one type across the list, a scalar (S, N
     * or B) for every operator but EQ and NE, and S or B for BEGINS_WITH.
     */
    private static void checkTypes(String op, List<AttributeValue> args) {
        if (args.isEmpty()) {
            return;
        }
        AttributeType first = args.get(0).type();
        for (AttributeValue v : args) {
            if (v.type() != first) {
                throw invalid("AttributeValues inside AttributeValueList must be of same type");
            }
        }
        boolean allowed = op.equals("EQ") || op.equals("NE") || first.isScalarKeyType();
        if (op.equals("BEGINS_WITH")) {
            allowed = first == AttributeType.S || first == AttributeType.B;
        }
        if (!allowed) {
            throw invalid("ComparisonOperator " + op + " is not valid for " + first + " AttributeValue type");
        }
    }

    private String condition(String attribute, String op, List<AttributeValue> args, boolean keyCondition) {
        int arity = arity(op);
        if (arity >= 0 ? args.size() != arity : args.isEmpty()) {
            throw WireException.validation(
                    "One or more parameter values were invalid: Invalid number of argument(s) for the " + op
                            + " ComparisonOperator");
        }
        checkTypes(op, args);
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
        checkConditionalOperator(r, r.expected);
        return r.expected != null ? expected(r.expected, r.conditionalOperator) : r.conditionExpression;
    }

    /** {@code Expected} (with {@code ConditionalOperator}) as a condition expression, checked as DynamoDB checks it. */
    private String expected(Map<String, LegacyEntry> expected, String conditionalOperator) {
        StringJoiner out = new StringJoiner(WireEnums.conditionalOperator(conditionalOperator));
        for (Map.Entry<String, LegacyEntry> e : expected.entrySet()) {
            String attribute = e.getKey();
            LegacyEntry c = e.getValue();
            String op = c.comparisonOperator();
            Boolean exists = c.exists();
            boolean hasValue = c.value() != null;
            boolean hasList = c.attributeValueList() != null;
            if (hasValue && hasList) {
                throw invalid("Value and AttributeValueList cannot be used together for Attribute: " + attribute);
            }
            if (op != null) {
                if (exists != null) {
                    throw invalid("Exists and ComparisonOperator cannot be used together for Attribute: " + attribute);
                }
                if (!hasValue && !hasList && !op.equals("NULL") && !op.equals("NOT_NULL")) {
                    arity(op); // an unknown operator is named first
                    throw invalid("Value or AttributeValueList must be used with ComparisonOperator: " + op
                            + " for Attribute: " + attribute);
                }
                out.add(condition(attribute, op, hasValue ? List.of(c.value()) : args(c), false));
            } else if (hasList) {
                throw invalid(
                        "AttributeValueList can only be used with a ComparisonOperator for Attribute: " + attribute);
            } else if (exists != null && !exists) {
                if (hasValue) {
                    throw invalid("Value cannot be used when Exists is false for Attribute: " + attribute);
                }
                out.add("attribute_not_exists(" + name(attribute) + ")");
            } else {
                if (!hasValue) {
                    throw invalid("Value must be provided when Exists is " + (exists == null ? "null" : "true")
                            + " for Attribute: " + attribute);
                }
                out.add(name(attribute) + " = " + value(c.value()));
            }
        }
        return out.length() == 0 ? null : out.toString();
    }

    private static WireException invalid(String detail) {
        return WireException.validation("One or more parameter values were invalid: " + detail);
    }

    /**
     * {@code ExpressionAttributeNames} of the request with this translation's placeholders added (the two
     * come together only for {@code KeyConditions} beside a filter or projection expression). Call after
     * translating every legacy parameter.
     */
    Map<String, String> names(Input r) {
        if (names.isEmpty() || r.names == null) {
            return names.isEmpty() ? r.names : names;
        }
        Map<String, String> all = new LinkedHashMap<>(r.names);
        all.putAll(names);
        return all;
    }

    /** {@code ExpressionAttributeValues} with this translation's placeholders added (see {@link #names(Input)}). */
    Map<String, AttributeValue> values(Input r) {
        if (values.isEmpty() || r.values == null) {
            return values.isEmpty() ? r.values : values;
        }
        Map<String, AttributeValue> all = new LinkedHashMap<>(r.values);
        all.putAll(values);
        return all;
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
