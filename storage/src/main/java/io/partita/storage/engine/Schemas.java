package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Limits;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** CreateTable's validation, with DynamoDB's limits and messages, and the compilation of a definition into a live table. */
final class Schemas {
    private Schemas() {}

    static TableData build(long id, TableDefinition d) {
        validate(d);
        TableShape shape = new TableShape(d.name(), d.partitionKey(), d.sortKey());
        IndexData[] lsis = new IndexData[d.localSecondaryIndexes().size()];
        for (int i = 0; i < lsis.length; i++) {
            LocalSecondaryIndex l = d.localSecondaryIndexes().get(i);
            lsis[i] = new IndexData(new IndexShape(
                    shape, l.name(), false, List.of(d.partitionKey()), List.of(l.sortKey()), l.projection()));
        }
        IndexData[] gsis = new IndexData[d.globalSecondaryIndexes().size()];
        for (int i = 0; i < gsis.length; i++) {
            GlobalSecondaryIndex g = d.globalSecondaryIndexes().get(i);
            gsis[i] =
                    new IndexData(new IndexShape(shape, g.name(), true, g.partitionKey(), g.sortKey(), g.projection()));
        }
        return new TableData(id, d, shape, lsis, gsis);
    }

    /** Validates a table definition that gains one GSI, and builds that GSI's (empty) data. */
    static IndexData buildGsi(TableData t, TableDefinition next, GlobalSecondaryIndex g) {
        validate(next);
        return new IndexData(new IndexShape(t.shape, g.name(), true, g.partitionKey(), g.sortKey(), g.projection()));
    }

    static void validate(TableDefinition d) {
        checkName(d.name());
        if (d.partitionKey() == null) {
            throw Message.NoPartitionKey.exception(d.name());
        }
        Map<String, AttributeType> types = new HashMap<>();
        define(types, d.partitionKey());
        if (d.sortKey() != null) {
            if (d.sortKey().name().equals(d.partitionKey().name())) {
                throw Message.HashAndRangeKeySameName.exception(d.sortKey().name());
            }
            define(types, d.sortKey());
        }
        Set<String> indexNames = new HashSet<>();
        int projected = 0;
        if (d.localSecondaryIndexes().size() > Limits.MAX_LSIS_PER_TABLE) {
            throw Message.TooManyLsis.exception(Limits.MAX_LSIS_PER_TABLE);
        }
        if (!d.localSecondaryIndexes().isEmpty() && d.sortKey() == null) {
            throw Message.LsiOnHashTable.exception();
        }
        for (LocalSecondaryIndex l : d.localSecondaryIndexes()) {
            checkIndexName(l.name(), indexNames);
            if (l.sortKey() == null) {
                throw Message.LsiWithoutSortKey.exception(l.name());
            }
            define(types, l.sortKey());
            projected += checkProjection(l.name(), l.projection());
        }
        if (d.globalSecondaryIndexes().size() > Limits.MAX_GSIS_PER_TABLE) {
            throw Message.TooManyGsis.exception(Limits.MAX_GSIS_PER_TABLE);
        }
        for (GlobalSecondaryIndex g : d.globalSecondaryIndexes()) {
            checkIndexName(g.name(), indexNames);
            if (g.partitionKey().isEmpty() || g.partitionKey().size() > Limits.MAX_KEY_ATTRIBUTES_PER_GSI_KEY) {
                throw Message.GsiPartitionKeyParts.exception(
                        g.name(),
                        Limits.MAX_KEY_ATTRIBUTES_PER_GSI_KEY,
                        g.partitionKey().size());
            }
            if (g.sortKey().size() > Limits.MAX_KEY_ATTRIBUTES_PER_GSI_KEY) {
                throw Message.GsiSortKeyParts.exception(
                        g.name(),
                        Limits.MAX_KEY_ATTRIBUTES_PER_GSI_KEY,
                        g.sortKey().size());
            }
            Set<String> inIndex = new HashSet<>();
            for (KeyAttribute k : concat(g.partitionKey(), g.sortKey())) {
                if (!inIndex.add(k.name())) {
                    throw Message.GsiKeyAttributeTwice.exception(g.name(), k.name());
                }
                define(types, k);
            }
            projected += checkProjection(g.name(), g.projection());
        }
        if (projected > Limits.MAX_PROJECTED_ATTRIBUTES_PER_TABLE) {
            throw Message.TooManyProjectedAttributes.exception(Limits.MAX_PROJECTED_ATTRIBUTES_PER_TABLE, projected);
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
            throw Message.AttributeTwoTypes.exception(k.name(), previous, k.type());
        }
    }

    private static int checkProjection(String index, Projection p) {
        if (p.type() == ProjectionType.INCLUDE) {
            if (p.nonKeyAttributes().isEmpty()) {
                throw Message.IncludeWithoutAttributes.exception(index);
            }
            if (new HashSet<>(p.nonKeyAttributes()).size()
                    != p.nonKeyAttributes().size()) {
                throw Message.NonKeyAttributeTwice.exception(index, p.nonKeyAttributes());
            }
            return p.nonKeyAttributes().size();
        }
        if (!p.nonKeyAttributes().isEmpty()) {
            throw Message.NonKeyAttributesNotAllowed.exception(p.type(), index);
        }
        return 0;
    }

    private static void checkIndexName(String name, Set<String> seen) {
        checkName(name);
        if (!seen.add(name)) {
            throw Message.DuplicateIndexName.exception(name);
        }
    }

    private static void checkName(String name) {
        if (name == null || !Limits.isValidTableOrIndexName(name)) {
            throw Message.InvalidTableOrIndexName.exception(name == null ? "null" : "'" + name + "'");
        }
    }
}
