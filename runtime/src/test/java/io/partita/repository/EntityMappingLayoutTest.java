package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.generated.EntityMapping;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link EntityMapping#toItem} builds through a layout of the schema's attributes, the computed ones and the
 * discriminator: the items are those of the attribute-by-attribute rules (schema attributes in order, computed ones
 * replacing in place or appended, a null computed value removing the attribute, the discriminator last).
 */
class EntityMappingLayoutTest {
    record Doc(String id, String name, Integer count, String shard) {}

    static final TableDefinition TABLE =
            TableDefinition.builder("Docs").partitionKey(KeyAttribute.s("Id")).build();
    static final ItemSchema<Doc> SCHEMA = ItemSchema.builder(Doc.class)
            .attribute("Id", Doc::id, Codecs.STRING)
            .attribute("Name", Doc::name, Codecs.STRING)
            .attribute("Count", Doc::count, Codecs.INTEGER)
            .build(v -> new Doc(v.get(0), v.get(1), v.get(2), null));
    static final EntityMapping<Doc> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
            .computedString("Shard", Doc::shard, "Id")
            .computedString("Name", d -> d.name() == null ? null : d.name().toUpperCase(java.util.Locale.ROOT), "Name")
            .discriminator("Type", "doc")
            .build();
    /** Without a computed attribute that replaces a schema attribute: complete items fill the layout. */
    static final EntityMapping<Doc> PLAIN = EntityMapping.builder(TABLE, SCHEMA)
            .computedString("Shard", Doc::shard, "Id")
            .discriminator("Type", "doc")
            .build();

    @Test
    void itemsFollowTheAttributeRulesAndCompleteOnesShareTheLayout() {
        List<Doc> docs = new ArrayList<>();
        for (String name : new String[] {"n", null}) {
            for (Integer count : new Integer[] {1, null}) {
                for (String shard : new String[] {"s", null}) {
                    docs.add(new Doc("id", name, count, shard));
                }
            }
        }
        for (Doc d : docs) {
            Map<String, AttributeValue> item = MAPPING.toItem(d);
            Map<String, AttributeValue> expected = expected(d);
            assertThat(item).as("%s", d).isEqualTo(expected);
            assertThat(List.copyOf(item.keySet())).as("%s", d).isEqualTo(List.copyOf(expected.keySet()));
        }
        ItemMap first = (ItemMap) PLAIN.toItem(new Doc("id", "n", 1, "s"));
        ItemMap second = (ItemMap) PLAIN.toItem(new Doc("other", "m", 2, "t"));
        assertThat(first.sharesLayoutWith(second)).isTrue();
        assertThat(List.copyOf(first.keySet())).containsExactly("Id", "Name", "Count", "Shard", "Type");
        ItemMap noShard = (ItemMap) PLAIN.toItem(new Doc("id", "n", 1, null));
        assertThat(noShard.sharesLayoutWith(first)).isFalse();
        assertThat(List.copyOf(noShard.keySet())).containsExactly("Id", "Name", "Count", "Type");
    }

    /** The rules, on a LinkedHashMap. */
    private static Map<String, AttributeValue> expected(Doc d) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(SCHEMA.toItem(d));
        if (d.shard() != null) {
            item.put("Shard", AttributeValue.s(d.shard()));
        } else {
            item.remove("Shard");
        }
        if (d.name() != null) {
            item.put("Name", AttributeValue.s(d.name().toUpperCase(java.util.Locale.ROOT)));
        } else {
            item.remove("Name");
        }
        item.put("Type", AttributeValue.s("doc"));
        return item;
    }
}
