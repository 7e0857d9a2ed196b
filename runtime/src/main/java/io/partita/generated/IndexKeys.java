package io.partita.generated;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * The key attributes of a table's indexes, read from its {@link TableDefinition}: what query specs, cursors and
 * merged shards need to know of an index besides the entity mapping. Loops, not streams: this runs on a repository's
 * first index query (cold start).
 */
public final class IndexKeys {
    private IndexKeys() {}

    /** The key attributes of an index (partition parts, then sort parts), or of the table for {@code null}. */
    public static List<String> indexKeyAttributes(TableDefinition table, String indexName) {
        List<String> names = new ArrayList<>();
        if (indexName == null) {
            names.add(table.partitionKey().name());
            if (table.sortKey() != null) {
                names.add(table.sortKey().name());
            }
            return names;
        }
        for (GlobalSecondaryIndex g : table.globalSecondaryIndexes()) {
            if (g.name().equals(indexName)) {
                // loops, not forEach(lambda): this runs on a repository's first index query (cold start)
                for (KeyAttribute k : g.partitionKey()) {
                    names.add(k.name());
                }
                for (KeyAttribute k : g.sortKey()) {
                    names.add(k.name());
                }
                return names;
            }
        }
        for (LocalSecondaryIndex l : table.localSecondaryIndexes()) {
            if (l.name().equals(indexName)) {
                names.add(table.partitionKey().name());
                names.add(l.sortKey().name());
                return names;
            }
        }
        throw new IllegalArgumentException(RuntimeMessage.NoSuchIndex.format(table.name(), indexName));
    }

    /** The sort key attributes of an index (or of the table, for {@code null}), in order. */
    public static List<String> sortKeyAttributes(TableDefinition table, String indexName) {
        if (indexName == null) {
            return table.sortKey() == null ? List.of() : List.of(table.sortKey().name());
        }
        for (GlobalSecondaryIndex g : table.globalSecondaryIndexes()) {
            if (g.name().equals(indexName)) {
                // a loop, not a stream: this runs on a repository's first index query (cold start)
                List<KeyAttribute> sortKey = g.sortKey();
                String[] names = new String[sortKey.size()];
                for (int i = 0; i < names.length; i++) {
                    names[i] = sortKey.get(i).name();
                }
                return List.of(names);
            }
        }
        for (LocalSecondaryIndex l : table.localSecondaryIndexes()) {
            if (l.name().equals(indexName)) {
                return List.of(l.sortKey().name());
            }
        }
        throw new IllegalArgumentException(RuntimeMessage.NoSuchIndex.format(table.name(), indexName));
    }
}
