package io.partita.storage.expression;

import io.partita.storage.Message;
import io.partita.storage.ValidationException;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** A request's ExpressionAttributeNames and ExpressionAttributeValues, shared by all its expressions. */
public final class Placeholders {
    public static final Placeholders NONE = new Placeholders(Map.of(), Map.of());

    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;

    /**
     * @throws ValidationException as DynamoDB answers before parsing anything: a name key that is not
     *     {@code #} followed by letters, digits or {@code _}, an empty attribute name, a value key that is
     *     not {@code :} followed by the same
     */
    public Placeholders(Map<String, String> names, Map<String, AttributeValue> values) {
        this(names, values, true);
    }

    /** As the public constructor; {@code checkValues} false skips the value keys, known valid by the caller. */
    private Placeholders(Map<String, String> names, Map<String, AttributeValue> values, boolean checkValues) {
        this.names = names == null ? Map.of() : names;
        this.values = values == null ? Map.of() : values;
        if (!this.names.isEmpty() && !checkedBefore(this.names)) {
            for (Map.Entry<String, String> e : this.names.entrySet()) {
                if (!isPlaceholder(e.getKey(), '#')) {
                    throw Message.PlaceholderNameKey.exception(e.getKey());
                }
                if (e.getValue() == null || e.getValue().isEmpty()) {
                    throw Message.PlaceholderNameEmpty.exception(e.getKey());
                }
            }
            remember(this.names);
        }
        if (checkValues) {
            for (String key : this.values.keySet()) {
                if (!isPlaceholder(key, ':')) {
                    throw Message.PlaceholderValueKey.exception(key);
                }
            }
        }
    }

    /** As the constructor; {@link #NONE} when the request defines no placeholders (most requests): nothing to check. */
    public static Placeholders of(Map<String, String> names, Map<String, AttributeValue> values) {
        if ((names == null || names.isEmpty()) && (values == null || values.isEmpty())) {
            return NONE;
        }
        return new Placeholders(names, values);
    }

    /**
     * As {@link #of}, for a request whose key condition is its first expression, already parsed (the caller checks
     * the placeholders with {@link #of} before rethrowing a parse error, as DynamoDB checks them first): the same
     * checks, errors and order. Value keys that are exactly the key condition's value placeholders, each of the
     * placeholder form (the usual query), are valid without iterating the map, which for the JDK's immutable
     * {@code Map.of} allocates its key set, entry set and iterators.
     */
    public static Placeholders ofKeyCondition(
            Map<String, String> names, Map<String, AttributeValue> values, KeyConditionExpression keyCondition) {
        if ((names == null || names.isEmpty()) && (values == null || values.isEmpty())) {
            return NONE;
        }
        return new Placeholders(names, values, values == null || !usesExactly(keyCondition, values));
    }

    /** True when the keys of {@code values} are exactly {@code e}'s value placeholders, each a valid placeholder. */
    private static boolean usesExactly(KeyConditionExpression e, Map<String, AttributeValue> values) {
        Class<?> type = values.getClass(); // maps whose containsKey is String.equals
        if (!(e instanceof CompiledExpression c)
                || !(type == MAP_1 || type == MAP_N || type == HashMap.class || type == LinkedHashMap.class)) {
            return false;
        }
        String[] refs = c.valueRefArray();
        if (refs.length != values.size()) {
            return false;
        }
        for (String ref : refs) { // distinct refs, each a key: the keys are the refs
            if (!isPlaceholder(ref, ':') || !values.containsKey(ref)) {
                return false;
            }
        }
        return true;
    }

    /*
     * Names maps found valid, kept by identity when they are the JDK's immutable Map.of / Map.copyOf maps, which cannot
     * change: a caller that sends the same names object with every request (a repository sends one per query shape)
     * has it checked once instead of iterated per request (iterating such a map allocates its entry set and entries).
     * A few slots, replaced in turn; read and written without synchronization: a reference store is atomic and these
     * maps' fields are final, so a reader sees either a fully built map or another slot's value, and a miss only
     * checks again. Only valid maps are kept, so every request still fails exactly as before.
     */
    private static final Class<?> MAP_1 = Map.of("#a", "a").getClass();
    private static final Class<?> MAP_N = Map.of("#a", "a", "#b", "b").getClass();
    private static final Object[] CHECKED_NAMES = new Object[4];
    private static int nextCheckedSlot;

    private static boolean checkedBefore(Map<String, String> names) {
        Object[] checked = CHECKED_NAMES;
        for (int i = 0; i < checked.length; i++) {
            if (checked[i] == names) {
                return true;
            }
        }
        return false;
    }

    private static void remember(Map<String, String> names) {
        Class<?> type = names.getClass();
        if (type == MAP_1 || type == MAP_N) {
            int slot = nextCheckedSlot;
            CHECKED_NAMES[slot & (CHECKED_NAMES.length - 1)] = names;
            nextCheckedSlot = slot + 1;
        }
    }

    private static boolean isPlaceholder(String key, char sigil) {
        if (key == null || key.length() < 2 || key.charAt(0) != sigil) {
            return false;
        }
        for (int i = 1; i < key.length(); i++) {
            char c = key.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) {
                return false;
            }
        }
        return true;
    }

    /** Resolves {@code #name} to the attribute name it stands for. */
    public String name(String ref) {
        String name = names.get(ref);
        if (name == null) {
            throw Message.PlaceholderNameUndefined.exception(ref);
        }
        return name;
    }

    /** Resolves {@code :value} to its attribute value. */
    public AttributeValue value(String ref) {
        AttributeValue value = values.get(ref);
        if (value == null) {
            throw Message.PlaceholderValueUndefined.exception(ref);
        }
        return value;
    }

    /**
     * Everything DynamoDB checks about a request's expressions before it reads any item: each expression's
     * placeholders are defined and their values fit their operators ({@link ParsedExpression#validate}), and
     * every placeholder the request defines is used by some expression. Pass every expression of the request
     * (nulls are skipped).
     */
    public void checkExpressions(ParsedExpression... expressions) {
        // Everything DynamoDB checks before reading an item, for all of the request's expressions at once:
        // a transaction must fail as a whole here, not as one action's cancellation reason later.
        for (ParsedExpression e : expressions) {
            if (e != null) {
                e.validate(this);
            }
        }
        if (names.isEmpty() && values.isEmpty()) {
            return;
        }
        // validate() found every placeholder the expressions use among those defined; with one expression (a
        // query's key condition alone, a condition alone) as many defined as it uses means all are used.
        ParsedExpression only = null;
        for (ParsedExpression e : expressions) {
            if (e != null) {
                if (only != null) {
                    only = null;
                    break;
                }
                only = e;
            }
        }
        if (only != null
                && only.nameRefs().size() == names.size()
                && only.valueRefs().size() == values.size()) {
            return;
        }
        // Most requests use every placeholder they define: look each one up, and collect (sorted, for the
        // message) only when one is unused.
        for (String name : names.keySet()) {
            if (!usedName(name, expressions)) {
                Set<String> unusedNames = new TreeSet<>(names.keySet());
                for (ParsedExpression e : expressions) {
                    if (e != null) {
                        unusedNames.removeAll(e.nameRefs());
                    }
                }
                throw Message.PlaceholderNamesUnused.exception(String.join(", ", unusedNames));
            }
        }
        for (String value : values.keySet()) {
            if (!usedValue(value, expressions)) {
                Set<String> unusedValues = new TreeSet<>(values.keySet());
                for (ParsedExpression e : expressions) {
                    if (e != null) {
                        unusedValues.removeAll(e.valueRefs());
                    }
                }
                throw Message.PlaceholderValuesUnused.exception(String.join(", ", unusedValues));
            }
        }
    }

    private static boolean usedName(String name, ParsedExpression[] expressions) {
        for (ParsedExpression e : expressions) {
            if (e != null && e.nameRefs().contains(name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean usedValue(String value, ParsedExpression[] expressions) {
        for (ParsedExpression e : expressions) {
            if (e != null && e.valueRefs().contains(value)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@link #checkExpressions(TableDefinition, ParsedExpression...)} for a request with one expression, or none
     * ({@code expression} null): with neither an expression nor a placeholder there is nothing to check, and it
     * returns at once (a put or get without expressions builds no array for the check).
     */
    public void checkExpressions(TableDefinition table, ParsedExpression expression) {
        if (expression != null || !isEmpty()) {
            checkExpressions(table, new ParsedExpression[] {expression});
        }
    }

    /**
     * {@link #checkExpressions(TableDefinition, ParsedExpression)} for a put's or delete's condition. An overload
     * per expression type a one-expression request carries, so that the code calling it passes the expression as
     * its own type: passed as a {@code ParsedExpression}, the JVM's verifier loads that interface to check the
     * argument when it verifies the caller (the write and read paths, on a cold start), though nothing is parsed.
     */
    public void checkExpressions(TableDefinition table, ConditionExpression condition) {
        if (condition != null || !isEmpty()) {
            checkExpressions(table, new ParsedExpression[] {condition}); // an array store: the verifier loads nothing
        }
    }

    /** {@link #checkExpressions(TableDefinition, ConditionExpression)} for a get's projection. */
    public void checkExpressions(TableDefinition table, ProjectionExpression projection) {
        if (projection != null || !isEmpty()) {
            checkExpressions(table, new ParsedExpression[] {projection});
        }
    }

    /**
     * {@link #checkExpressions(TableDefinition, ParsedExpression...)} for a query whose key condition is its only
     * expression (no filter, no projection): no array for the check when every placeholder is used, which is all
     * a key condition is checked for (its paths are key attributes, where the scalar rule does not apply).
     */
    public void checkKeyCondition(KeyConditionExpression keyCondition) {
        keyCondition.validate(this);
        if (keyCondition.nameRefs().size() != names.size()
                || keyCondition.valueRefs().size() != values.size()) {
            checkExpressions(new ParsedExpression[] {keyCondition}); // an unused placeholder: its error
        }
    }

    /**
     * {@link #checkExpressions(ParsedExpression...)}, and DynamoDB's rule that key attributes are scalars: a
     * document path that dereferences a table key ({@code pk[0]}, {@code pk.x}) or an index key attribute of
     * {@code table} is invalid in every expression but the key condition.
     */
    public void checkExpressions(TableDefinition table, ParsedExpression... expressions) {
        checkExpressions(expressions);
        Set<String> tableKeys = null;
        Set<String> indexKeys = null;
        for (ParsedExpression e : expressions) {
            if (!(e instanceof CompiledExpression c) || c.kind == ExpressionKind.KEY_CONDITION) {
                continue;
            }
            for (Path p : c.documentPaths) {
                if (p.length() < 2) {
                    continue;
                }
                if (tableKeys == null) {
                    tableKeys = new HashSet<>();
                    indexKeys = new HashSet<>();
                    tableKeys.add(table.partitionKey().name());
                    if (table.sortKey() != null) {
                        tableKeys.add(table.sortKey().name());
                    }
                    for (LocalSecondaryIndex l : table.localSecondaryIndexes()) {
                        indexKeys.add(l.sortKey().name());
                    }
                    for (GlobalSecondaryIndex g : table.globalSecondaryIndexes()) {
                        for (KeyAttribute k : g.partitionKey()) {
                            indexKeys.add(k.name());
                        }
                        for (KeyAttribute k : g.sortKey()) {
                            indexKeys.add(k.name());
                        }
                    }
                }
                String top = p.name(0, this);
                if (tableKeys.contains(top)) {
                    throw Message.KeyAttributeDereferenced.exception("Key", top);
                }
                if (indexKeys.contains(top)) {
                    throw Message.KeyAttributeDereferenced.exception("IndexKey", top);
                }
            }
        }
    }

    public boolean isEmpty() {
        return names.isEmpty() && values.isEmpty();
    }
}
