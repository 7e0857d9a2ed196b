package io.partita.storage.engine;

import io.partita.storage.ValidationException;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** CreateTable's validation, with DynamoDB's limits and messages, and the compilation of a definition into a live table. */
final class Schemas {
    static final int MAX_GSIS = 20;
    static final int MAX_LSIS = 5;
    static final int MAX_KEY_PARTS = 4;
    static final int MAX_PROJECTED_ATTRIBUTES = 100;
    private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9_.\\-]{3,255}");

    private Schemas() {}

    static TableData build(long id, TableDefinition d) {
        validate(d);
        TableShape shape = new TableShape(d.name(), d.partitionKey(), d.sortKey());
        IndexData[] lsis = new IndexData[d.localSecondaryIndexes().size()];
        for (int i = 0; i < lsis.length; i++) {
            LocalSecondaryIndex l = d.localSecondaryIndexes().get(i);
            lsis[i] = new IndexData(new IndexShape(shape, l.name(), false, List.of(d.partitionKey()), List.of(l.sortKey()), l.projection()));
        }
        IndexData[] gsis = new IndexData[d.globalSecondaryIndexes().size()];
        for (int i = 0; i < gsis.length; i++) {
            GlobalSecondaryIndex g = d.globalSecondaryIndexes().get(i);
            gsis[i] = new IndexData(new IndexShape(shape, g.name(), true, g.partitionKey(), g.sortKey(), g.projection()));
        }
        return new TableData(id, d, shape, lsis, gsis);
    }

    /** Validates a table definition that gains one GSI, and builds that GSI's (empty) data. */
    static IndexData buildGsi(TableData t, TableDefinition next, GlobalSecondaryIndex g) {
        validate(next);
        return new IndexData(new IndexShape(t.shape, g.name(), true, g.partitionKey(), g.sortKey(), g.projection()));
    }

    /** True when the item's values for the index's key attributes have the index's types (for backfill). */
    static boolean fitsIndex(IndexShape shape, Map<String, AttributeValue> item) {
        try {
            shape.validate(item);
            return true;
        } catch (ValidationException e) {
            return false;
        }
    }

    static void validate(TableDefinition d) {
        checkName(d.name());
        if (d.partitionKey() == null) {
            throw invalid("No partition key (HASH) is defined for table " + d.name());
        }
        Map<String, AttributeType> types = new HashMap<>();
        define(types, d.partitionKey());
        if (d.sortKey() != null) {
            if (d.sortKey().name().equals(d.partitionKey().name())) {
                throw invalid("Both the Hash Key and the Range Key element in the KeySchema have the same name: " + d.sortKey().name());
            }
            define(types, d.sortKey());
        }
        Set<String> indexNames = new HashSet<>();
        int projected = 0;
        if (d.localSecondaryIndexes().size() > MAX_LSIS) {
            throw invalid("Number of LocalSecondaryIndexes exceeds per-table limit of " + MAX_LSIS
                    + " (local secondary indexes can only be created with the table)");
        }
        if (!d.localSecondaryIndexes().isEmpty() && d.sortKey() == null) {
            throw invalid("Local Secondary indices are not allowed on hash tables, only hash and range tables");
        }
        for (LocalSecondaryIndex l : d.localSecondaryIndexes()) {
            checkIndexName(l.name(), indexNames);
            if (l.sortKey() == null) {
                throw invalid("Local secondary index " + l.name() + " needs a sort key");
            }
            define(types, l.sortKey());
            projected += checkProjection(l.name(), l.projection());
        }
        if (d.globalSecondaryIndexes().size() > MAX_GSIS) {
            throw invalid("Number of GlobalSecondaryIndexes exceeds per-table limit of " + MAX_GSIS);
        }
        for (GlobalSecondaryIndex g : d.globalSecondaryIndexes()) {
            checkIndexName(g.name(), indexNames);
            if (g.partitionKey().isEmpty() || g.partitionKey().size() > MAX_KEY_PARTS) {
                throw invalid("Global secondary index " + g.name() + " must have 1 to " + MAX_KEY_PARTS
                        + " partition key attributes, got " + g.partitionKey().size());
            }
            if (g.sortKey().size() > MAX_KEY_PARTS) {
                throw invalid("Global secondary index " + g.name() + " may have at most " + MAX_KEY_PARTS
                        + " sort key attributes, got " + g.sortKey().size());
            }
            Set<String> inIndex = new HashSet<>();
            for (KeyAttribute k : concat(g.partitionKey(), g.sortKey())) {
                if (!inIndex.add(k.name())) {
                    throw invalid("Global secondary index " + g.name() + " uses attribute " + k.name() + " twice in its key schema");
                }
                define(types, k);
            }
            projected += checkProjection(g.name(), g.projection());
        }
        if (projected > MAX_PROJECTED_ATTRIBUTES) {
            throw invalid("Number of projected attributes in all indexes exceeds limit of " + MAX_PROJECTED_ATTRIBUTES
                    + ", provided: " + projected);
        }
    }

    private static List<KeyAttribute> concat(List<KeyAttribute> a, List<KeyAttribute> b) {
        java.util.ArrayList<KeyAttribute> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static void define(Map<String, AttributeType> types, KeyAttribute k) {
        AttributeType previous = types.putIfAbsent(k.name(), k.type());
        if (previous != null && previous != k.type()) {
            throw invalid("Attribute " + k.name() + " is defined with two types, " + previous + " and " + k.type()
                    + "; a table has one attribute definition per name");
        }
    }

    private static int checkProjection(String index, Projection p) {
        if (p.type() == ProjectionType.INCLUDE) {
            if (p.nonKeyAttributes().isEmpty()) {
                throw invalid("ProjectionType is INCLUDE, but NonKeyAttributes is not specified for index " + index);
            }
            if (new HashSet<>(p.nonKeyAttributes()).size() != p.nonKeyAttributes().size()) {
                throw invalid("Index " + index + " lists a NonKeyAttribute twice: " + p.nonKeyAttributes());
            }
            return p.nonKeyAttributes().size();
        }
        if (!p.nonKeyAttributes().isEmpty()) {
            throw invalid("ProjectionType is " + p.type() + ", but NonKeyAttributes is specified for index " + index);
        }
        return 0;
    }

    private static void checkIndexName(String name, Set<String> seen) {
        checkName(name);
        if (!seen.add(name)) {
            throw invalid("Duplicate index name: " + name);
        }
    }

    private static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new ValidationException("Invalid table/index name.  Table/index names must be between 3 and 255 characters long, "
                    + "and may contain only the characters a-z, A-Z, 0-9, '_', '-', and '.' (got "
                    + (name == null ? "null" : "'" + name + "'") + ")");
        }
    }

    private static ValidationException invalid(String message) {
        return new ValidationException("One or more parameter values were invalid: " + message);
    }
}
