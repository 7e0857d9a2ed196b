package io.partita.migration;

import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.storage.Backend;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.TableDescription;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * A migration whose table key schema changes (the partition or sort key's attribute or type, or a local secondary
 * index): DynamoDB cannot change it in place, so every item is copied, in the new design's form, into a new table
 * created from the new design (its key schema, indexes, time to live and stream). The old table is only read. For
 * each Scan page, the items' new forms are looked up in the new table (one consistent BatchGetItem per 100 keys):
 * one that is missing is put where no item is, one that differs (its old item changed since it was copied) is put
 * again, one that is there already is left — so a second run copies nothing new, and a run after writers stopped
 * catches up with what they changed. Each copy carries a {@link #MARKER} naming its old item's key: a new key held by
 * the copy of another old item (two old items whose new keys are the same) is a collision, counted as a conflict and
 * never overwritten, whichever page or run meets it. An item of no entity of the plan is copied unchanged when it carries the new
 * key's attributes, and left behind otherwise.
 */
final class TableCopy {
    /**
     * The attribute of a copied item naming the old table's key it was copied from (the old key attributes sorted by
     * name, {@code {PK={S: "ORDER#o1"}, SK={S: "ORDER"}}}): how a copy tells the stale copy of the same item from the
     * copy of another item whose new key is the same. A completed copy removes it ({@link CopyMarkers}).
     */
    static final String MARKER = "_partita_copied_from";

    /**
     * A new form to write (marked with its source), the old item's key, and {@code absent} when the new table has no
     * item at its key.
     */
    record Write(Map<String, AttributeValue> oldKey, Map<String, AttributeValue> item, boolean absent) {
        /** The marker naming the old item this form is copied from. */
        AttributeValue source() {
            return item.get(MARKER);
        }
    }

    /**
     * What one page comes to: the writes, the items found copied already, those left behind, and the new keys (as
     * text) held by the copy of another old item: collisions, neither overwritten nor copied.
     */
    record Page(List<Write> writes, int copied, int foreign, List<String> collisions) {}

    private final Backend requests;
    private final String target;
    private final TableDefinition design;
    private final ItemRewriter rewriter;
    private final Set<String> oldKey = new HashSet<>();

    TableCopy(Backend requests, MigrationPlan plan, String target, TableDefinition deployed) {
        this.requests = requests;
        this.target = target;
        this.design = design(plan).withName(target);
        oldKey.add(deployed.partitionKey().name());
        deployed.sortKeyAttribute().ifPresent(k -> oldKey.add(k.name()));
        this.rewriter = new ItemRewriter(plan, oldKey);
    }

    /** The new design's table: the plan's entities' table with every index any of them declares. */
    static TableDefinition design(MigrationPlan plan) {
        TableDefinition table = null;
        Set<String> indexes = new HashSet<>();
        for (EntityMapping<?> m : plan.entities().values()) {
            if (table == null) {
                table = m.table();
                table.globalSecondaryIndexes().forEach(g -> indexes.add(g.name()));
                continue;
            }
            TableDefinition.Builder more = table.toBuilder();
            boolean added = false;
            for (GlobalSecondaryIndex g : m.table().globalSecondaryIndexes()) {
                if (indexes.add(g.name())) {
                    more.globalSecondaryIndex(g);
                    added = true;
                }
            }
            table = added ? more.build() : table;
        }
        return Objects.requireNonNull(table, "a migration plan needs an entity");
    }

    /**
     * True when the deployed table's key schema (partition key, sort key, local secondary indexes) differs from the
     * design's: the items must be copied into a new table.
     */
    static boolean keySchemaChanged(TableDefinition deployed, TableDefinition design) {
        return !deployed.partitionKey().equals(design.partitionKey())
                || !Objects.equals(deployed.sortKey(), design.sortKey())
                || !localIndexes(deployed).equals(localIndexes(design));
    }

    private static Map<String, KeyAttribute> localIndexes(TableDefinition t) {
        Map<String, KeyAttribute> out = new HashMap<>();
        for (LocalSecondaryIndex l : t.localSecondaryIndexes()) {
            out.put(l.name(), l.sortKey());
        }
        return out;
    }

    /** The new table's definition (under its deployed logical name). */
    TableDefinition design() {
        return design;
    }

    /** Creates the new table when it is missing (awaiting it on DynamoDB, time to live included). */
    void createTarget(Partita db) {
        db.tables().createIfMissing(design);
    }

    /** True when the new table exists. */
    boolean targetExists() {
        try {
            TableDescription d = requests.describeTable(target);
            return d != null;
        } catch (ResourceNotFoundException e) {
            return false;
        }
    }

    /** The page's items in the new form, against what the new table holds ({@code exists}: whether it exists). */
    Page examine(List<Map<String, AttributeValue>> items, boolean exists) {
        List<Map<String, AttributeValue>> forms = new ArrayList<>(items.size());
        List<Map<String, AttributeValue>> from = new ArrayList<>(items.size());
        int foreign = 0;
        for (Map<String, AttributeValue> item : items) {
            ItemRewriter.NewForm f = rewriter.newForm(item);
            Map<String, AttributeValue> form = f != null ? f.item() : hasNewKey(item) ? item : null;
            if (form == null) {
                foreign++;
            } else {
                forms.add(form);
                from.add(item);
            }
        }
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> held = exists ? held(forms) : Map.of();
        List<Write> writes = new ArrayList<>();
        List<String> collisions = new ArrayList<>();
        int copied = 0;
        for (int i = 0; i < forms.size(); i++) {
            Map<String, AttributeValue> form = forms.get(i);
            Map<String, AttributeValue> oldKey = oldKeyOf(from.get(i));
            AttributeValue source = marker(oldKey);
            Map<String, AttributeValue> there = held.get(keyOf(form));
            AttributeValue thereFrom = there == null ? null : there.get(MARKER);
            if (thereFrom != null && !thereFrom.equals(source)) {
                collisions.add(describeKey(keyOf(form)));
            } else if (there != null && unmarked(there).equals(form)) {
                copied++;
            } else {
                Map<String, AttributeValue> marked = new HashMap<>(form);
                marked.put(MARKER, source);
                writes.add(new Write(oldKey, marked, there == null));
            }
        }
        return new Page(writes, copied, foreign, collisions);
    }

    /** The marker of a copy of the old item with key {@code oldKey}. */
    static AttributeValue marker(Map<String, AttributeValue> oldKey) {
        return AttributeValue.s(describeKey(oldKey));
    }

    /** A key as text, its attributes sorted by name: {@code {Customer={S: "c1"}, Id={S: "o5"}}}. */
    static String describeKey(Map<String, AttributeValue> key) {
        return new TreeMap<>(key).toString();
    }

    /** The new table's key of an item, as text. */
    String describeNewKey(Map<String, AttributeValue> item) {
        return describeKey(keyOf(item));
    }

    private static Map<String, AttributeValue> unmarked(Map<String, AttributeValue> item) {
        if (!item.containsKey(MARKER)) {
            return item;
        }
        Map<String, AttributeValue> out = new HashMap<>(item);
        out.remove(MARKER);
        return out;
    }

    /** The new table's key attribute of an item, for a Put's {@code attribute_not_exists} condition. */
    String partitionKey() {
        return design.partitionKey().name();
    }

    /** The new table's key of an item. */
    Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new HashMap<>(4);
        key.put(design.partitionKey().name(), item.get(design.partitionKey().name()));
        design.sortKeyAttribute().ifPresent(k -> key.put(k.name(), item.get(k.name())));
        return key;
    }

    private Map<String, AttributeValue> oldKeyOf(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new HashMap<>(4);
        for (String name : oldKey) {
            key.put(name, item.get(name));
        }
        return key;
    }

    private boolean hasNewKey(Map<String, AttributeValue> item) {
        return typed(
                        item.get(design.partitionKey().name()),
                        design.partitionKey().type())
                && design.sortKeyAttribute()
                        .map(k -> typed(item.get(k.name()), k.type()))
                        .orElse(true);
    }

    private static boolean typed(AttributeValue v, AttributeType type) {
        return (type == AttributeType.S && v instanceof AttributeValue.S)
                || (type == AttributeType.N && v instanceof AttributeValue.N)
                || (type == AttributeType.B && v instanceof AttributeValue.B);
    }

    /** The items the new table holds at the forms' keys, by key (consistent reads, 100 keys per request). */
    private Map<Map<String, AttributeValue>, Map<String, AttributeValue>> held(
            List<Map<String, AttributeValue>> forms) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(
                new LinkedHashSet<>(forms.stream().map(this::keyOf).toList()));
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> out = new HashMap<>();
        for (int from = 0; from < keys.size(); from += 100) {
            List<Map<String, AttributeValue>> chunk = keys.subList(from, Math.min(keys.size(), from + 100));
            Map<String, KeysAndAttributes> ask = Map.of(
                    target,
                    KeysAndAttributes.builder().keys(chunk).consistentRead(true).build());
            while (ask != null && !ask.isEmpty()) {
                BatchGetItemResponse r = requests.batchGetItem(
                        BatchGetItemRequest.builder().requestItems(ask).build());
                for (Map<String, AttributeValue> item : r.responses().getOrDefault(target, List.of())) {
                    out.put(keyOf(item), item);
                }
                ask = r.unprocessedKeys();
            }
        }
        return out;
    }
}
