package io.partita;

import io.partita.storage.Backend;
import io.partita.storage.ResourceInUseException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The explicit table lifecycle of one database, on the deployed names its {@link TableNameResolver} gives:
 * create, create if missing, delete — one table or all of an application's tables — and the design check, which
 * compares the deployed tables (DescribeTable) with the compiled design and reports every difference.
 *
 * <pre>{@code
 * Partita db = PartitaDynamoDb.builder(client).tableNames(TableNameResolver.prefix("prod-")).build();
 * db.tables().createIfMissing(OrderRepository.MAPPING.table(), AppTableRepository.TABLE);
 * db.tables().check(OrderRepository.MAPPING.table(), AppTableRepository.TABLE).requireMatch();
 * }</pre>
 *
 * On DynamoDB, creating and deleting wait until the table (and each of its indexes) is ACTIVE, or gone.
 */
public final class Tables {
    private final Partita db;
    private final Backend backend;

    Tables(Partita db) {
        this.db = db;
        this.backend = db.requests();
    }

    /**
     * Creates each table (CreateTable); fails with {@link ResourceInUseException} on one that exists. A table whose
     * definition has a time-to-live attribute ({@code @Ttl}) gets time to live enabled on it (UpdateTimeToLive).
     */
    public List<TableDescription> create(TableDefinition... tables) {
        return create(Arrays.asList(tables));
    }

    /** See {@link #create(TableDefinition...)}. */
    public List<TableDescription> create(Collection<TableDefinition> tables) {
        List<TableDescription> created = new ArrayList<>();
        for (TableDefinition t : tables) {
            created.add(backend.createTable(t));
        }
        return created;
    }

    /**
     * Creates each table that does not exist (DescribeTable, then CreateTable, then UpdateTimeToLive when the
     * design has a time-to-live attribute); an existing table is left as it is (run {@link #check} to compare it
     * with the design, time to live included).
     *
     * @return the logical names of the tables created
     */
    public List<String> createIfMissing(TableDefinition... tables) {
        return createIfMissing(Arrays.asList(tables));
    }

    /** See {@link #createIfMissing(TableDefinition...)}. */
    public List<String> createIfMissing(Collection<TableDefinition> tables) {
        List<String> created = new ArrayList<>();
        for (TableDefinition t : tables) {
            if (describe(t) == null) {
                try {
                    backend.createTable(t);
                    created.add(t.name());
                } catch (ResourceInUseException createdMeanwhile) {
                    // another deployment created it between our describe and create
                }
            }
        }
        return created;
    }

    /** Deletes each table (DeleteTable); fails with {@link ResourceNotFoundException} on one that is missing. */
    public void delete(TableDefinition... tables) {
        delete(Arrays.asList(tables));
    }

    /** See {@link #delete(TableDefinition...)}. */
    public void delete(Collection<TableDefinition> tables) {
        for (TableDefinition t : tables) {
            backend.deleteTable(t.name());
            db.forgetTable(t.name());
        }
    }

    /**
     * Deletes each table that exists.
     *
     * @return the logical names of the tables deleted
     */
    public List<String> deleteIfExists(TableDefinition... tables) {
        List<String> deleted = new ArrayList<>();
        for (TableDefinition t : tables) {
            try {
                backend.deleteTable(t.name());
                deleted.add(t.name());
            } catch (ResourceNotFoundException missing) {
                // nothing to delete
            }
            db.forgetTable(t.name());
        }
        return deleted;
    }

    /** True when the table exists (DescribeTable). */
    public boolean exists(TableDefinition table) {
        return describe(table) != null;
    }

    /**
     * Compares each deployed table (DescribeTable on its resolved name) with its compiled definition and reports
     * every difference: a missing table, GSI or LSI; other key attributes or key types on the table or an index;
     * an index projection lacking an attribute the design projects (which generated views and entities read
     * through that index); the billing mode, when the definition declares provisioned throughput; and time to
     * live (DescribeTimeToLive, only for definitions with a TTL attribute) disabled or on another attribute.
     * Indexes and projected attributes the design does not use are not reported.
     */
    public DesignReport check(TableDefinition... tables) {
        return check(Arrays.asList(tables));
    }

    /** See {@link #check(TableDefinition...)}. */
    public DesignReport check(Collection<TableDefinition> tables) {
        List<DesignMismatch> out = new ArrayList<>();
        for (TableDefinition expected : tables) {
            TableDescription description = describe(expected);
            String deployed = db.tableName(expected.name());
            if (description == null) {
                out.add(new DesignMismatch(
                        DesignMismatch.Kind.MISSING_TABLE,
                        expected.name(),
                        deployed,
                        null,
                        "table " + deployed,
                        "none"));
                continue;
            }
            compare(expected, description.definition(), deployed, out);
            expected.timeToLive().ifPresent(attribute -> timeToLive(expected.name(), deployed, attribute, out));
        }
        return new DesignReport(out);
    }

    /** DescribeTimeToLive, asked only of tables whose design has a TTL attribute. */
    private void timeToLive(String table, String deployed, String attribute, List<DesignMismatch> out) {
        TimeToLiveDescription found = backend.describeTimeToLive(table);
        if (!found.isEnabled() || !attribute.equals(found.attributeName())) {
            out.add(new DesignMismatch(
                    DesignMismatch.Kind.TIME_TO_LIVE,
                    table,
                    deployed,
                    null,
                    "time to live ENABLED on " + attribute,
                    "time to live " + found.status()
                            + found.attribute().map(a -> " on " + a).orElse("")));
        }
    }

    private TableDescription describe(TableDefinition t) {
        try {
            return backend.describeTable(t.name());
        } catch (ResourceNotFoundException missing) {
            return null;
        }
    }

    // ---- the comparison ----------------------------------------------------------------------------------

    static void compare(TableDefinition expected, TableDefinition found, String deployed, List<DesignMismatch> out) {
        String table = expected.name();
        keys(
                table,
                deployed,
                null,
                keyList(expected.partitionKey()),
                keyList(expected.sortKey()),
                keyList(found.partitionKey()),
                keyList(found.sortKey()),
                out);
        globalIndexes(expected, found, deployed, out);
        localIndexes(expected, found, deployed, out);
        if (expected.provisionedThroughput() != null && found.provisionedThroughput() == null) {
            out.add(new DesignMismatch(
                    DesignMismatch.Kind.BILLING_MODE,
                    table,
                    deployed,
                    null,
                    "PROVISIONED " + expected.provisionedThroughput(),
                    "PAY_PER_REQUEST"));
        }
    }

    /** Each GSI of the design: missing on the deployed table, or with other keys or projection. */
    private static void globalIndexes(
            TableDefinition expected, TableDefinition found, String deployed, List<DesignMismatch> out) {
        String table = expected.name();
        for (GlobalSecondaryIndex g : expected.globalSecondaryIndexes()) {
            GlobalSecondaryIndex f = found.globalSecondaryIndexes().stream()
                    .filter(x -> x.name().equals(g.name()))
                    .findFirst()
                    .orElse(null);
            if (f == null) {
                out.add(new DesignMismatch(
                        DesignMismatch.Kind.MISSING_GSI,
                        table,
                        deployed,
                        g.name(),
                        "GSI " + g.name() + " " + schema(g.partitionKey(), g.sortKey()) + " "
                                + projection(g.projection()),
                        "none"));
                continue;
            }
            keys(table, deployed, g.name(), g.partitionKey(), g.sortKey(), f.partitionKey(), f.sortKey(), out);
            projection(table, deployed, g.name(), g.projection(), f.projection(), out);
        }
    }

    /** Each LSI of the design: missing on the deployed table, or with other keys or projection. */
    private static void localIndexes(
            TableDefinition expected, TableDefinition found, String deployed, List<DesignMismatch> out) {
        String table = expected.name();
        for (LocalSecondaryIndex l : expected.localSecondaryIndexes()) {
            LocalSecondaryIndex f = found.localSecondaryIndexes().stream()
                    .filter(x -> x.name().equals(l.name()))
                    .findFirst()
                    .orElse(null);
            if (f == null) {
                out.add(new DesignMismatch(
                        DesignMismatch.Kind.MISSING_LSI,
                        table,
                        deployed,
                        l.name(),
                        "LSI " + l.name() + " " + schema(keyList(expected.partitionKey()), keyList(l.sortKey())) + " "
                                + projection(l.projection()),
                        "none"));
                continue;
            }
            keys(
                    table,
                    deployed,
                    l.name(),
                    keyList(expected.partitionKey()),
                    keyList(l.sortKey()),
                    keyList(found.partitionKey()),
                    keyList(f.sortKey()),
                    out);
            projection(table, deployed, l.name(), l.projection(), f.projection(), out);
        }
    }

    private static void keys(
            String table,
            String deployed,
            String index,
            List<KeyAttribute> expectedHash,
            List<KeyAttribute> expectedRange,
            List<KeyAttribute> foundHash,
            List<KeyAttribute> foundRange,
            List<DesignMismatch> out) {
        if (!names(expectedHash).equals(names(foundHash))
                || !names(expectedRange).equals(names(foundRange))) {
            out.add(new DesignMismatch(
                    DesignMismatch.Kind.KEY_SCHEMA,
                    table,
                    deployed,
                    index,
                    schema(expectedHash, expectedRange),
                    schema(foundHash, foundRange)));
        } else if (!expectedHash.equals(foundHash) || !expectedRange.equals(foundRange)) {
            out.add(new DesignMismatch(
                    DesignMismatch.Kind.KEY_TYPE,
                    table,
                    deployed,
                    index,
                    schema(expectedHash, expectedRange),
                    schema(foundHash, foundRange)));
        }
    }

    private static void projection(
            String table,
            String deployed,
            String index,
            Projection expected,
            Projection found,
            List<DesignMismatch> out) {
        if (found.type() == ProjectionType.ALL || expected.type() == ProjectionType.KEYS_ONLY) {
            return;
        }
        if (expected.type() == ProjectionType.ALL) {
            out.add(new DesignMismatch(
                    DesignMismatch.Kind.PROJECTION,
                    table,
                    deployed,
                    index,
                    "ALL (the entity is read through this index)",
                    projection(found)));
            return;
        }
        Set<String> lacking = new LinkedHashSet<>(expected.nonKeyAttributes());
        if (found.type() == ProjectionType.INCLUDE) {
            lacking.removeAll(found.nonKeyAttributes());
        }
        if (!lacking.isEmpty()) {
            out.add(new DesignMismatch(
                    DesignMismatch.Kind.PROJECTION,
                    table,
                    deployed,
                    index,
                    projection(expected) + " (lacking " + String.join(", ", lacking) + ")",
                    projection(found)));
        }
    }

    private static List<KeyAttribute> keyList(KeyAttribute k) {
        return k == null ? List.of() : List.of(k);
    }

    private static List<String> names(List<KeyAttribute> keys) {
        return keys.stream().map(KeyAttribute::name).toList();
    }

    private static String schema(List<KeyAttribute> hash, List<KeyAttribute> range) {
        return "[" + hash.stream().map(k -> k.name() + " " + k.type() + " HASH").collect(Collectors.joining(", "))
                + range.stream()
                        .map(k -> ", " + k.name() + " " + k.type() + " RANGE")
                        .collect(Collectors.joining())
                + "]";
    }

    private static String projection(Projection p) {
        return p.type() == ProjectionType.INCLUDE
                ? "INCLUDE " + p.nonKeyAttributes()
                : p.type().toString();
    }
}
