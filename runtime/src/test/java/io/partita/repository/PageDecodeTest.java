package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.generated.EntityMapping;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemDecoder;
import io.partita.mapping.ItemSchema;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link QueryEngine#decodePage} (the {@code list()} fast path's and {@code page()}'s decoding: a memoizing reader takes
 * the leading memos in one pass, then the rest is prefetched and decoded item by item) against decoding every item with
 * {@code fromItem} in order: for random pages — stored items with this entity's memo, another owner's memo, a memo
 * without owner, no memo, and items of other map types, in any order, and any count {@code n} up to the page's size —
 * the same results (the very same memo instances, equal decoded entities) in the same order, and afterwards the same
 * memo on every item. Also for the plain (non-memoizing) mapping and a decoder that refuses some items. Seed printed.
 */
class PageDecodeTest {
    record Doc(String id, String name, Long count) {}

    record Other(String id) {}

    private static final TableDefinition TABLE =
            TableDefinition.builder("Docs").partitionKey(KeyAttribute.s("Id")).build();
    private static final ItemSchema<Doc> BUILT = ItemSchema.builder(Doc.class)
            .attribute("Id", Doc::id, Codecs.STRING)
            .attribute("Name", Doc::name, Codecs.STRING)
            .attribute("Count", Doc::count, Codecs.LONG)
            .build(v -> new Doc(v.get(0), v.get(1), v.get(2)));

    /** The built schema, declared memoizable as the processor declares a record of strings and numbers. */
    private static final ItemSchema<Doc> MEMOIZABLE = new ItemSchema<>() {
        @Override
        public String typeName() {
            return BUILT.typeName();
        }

        @Override
        public List<String> attributeNames() {
            return BUILT.attributeNames();
        }

        @Override
        public void writeItem(Doc value, Map<String, AttributeValue> item) {
            BUILT.writeItem(value, item);
        }

        @Override
        public Doc fromItem(Map<String, AttributeValue> item) {
            return BUILT.fromItem(item);
        }

        @Override
        public Class<Doc> memoizableType() {
            return Doc.class;
        }
    };

    private static final EntityMapping<Doc> MAPPING =
            EntityMapping.builder(TABLE, MEMOIZABLE).build();

    /** How one item of a page is set up before decoding. */
    private enum Kind {
        OWN_MEMO,
        OTHER_OWNER,
        NO_OWNER,
        NO_MEMO,
        HASH_MAP
    }

    private static Map<String, AttributeValue> item(Doc d, Kind kind, Doc memo) {
        Map<String, AttributeValue> values = MAPPING.toItem(d);
        if (kind == Kind.HASH_MAP) {
            return new HashMap<>(values);
        }
        ItemMap stored = ItemMap.copyOf(values);
        switch (kind) {
            case OWN_MEMO -> stored.memo(Doc.class, memo);
            case OTHER_OWNER -> stored.memo(Other.class, new Other(d.id()));
            case NO_OWNER -> stored.memo(memo);
            default -> {}
        }
        return stored;
    }

    @Test
    void decodePageGivesFromItemsResultsAndMemos() {
        long seed = Seeds.seed("PageDecodeTest", 0x9A6E0901L);
        Random random = new Random(seed);
        ItemDecoder<Doc> memoizing = MAPPING.memoizing();
        assertThat(memoizing).isInstanceOf(EntityMapping.StoredItemReader.class);
        ItemDecoder<Doc> refusing = item -> "refused".equals(item.get("Name").asS()) ? null : MAPPING.fromItem(item);
        List<ItemDecoder<Doc>> decoders = List.of(memoizing, MAPPING, refusing);
        int allMemo = 0;
        int mixed = 0;
        for (int round = 0; round < 3_000; round++) {
            int size = random.nextInt(13);
            Kind[] kinds = new Kind[size];
            Doc[] docs = new Doc[size];
            Doc[] memos = new Doc[size];
            // a third of the pages are all hits (the page read again), the others any mixture
            boolean hits = random.nextInt(3) == 0;
            for (int i = 0; i < size; i++) {
                kinds[i] = hits ? Kind.OWN_MEMO : Kind.values()[random.nextInt(Kind.values().length)];
                docs[i] = new Doc("id" + i, random.nextInt(6) == 0 ? "refused" : "n" + random.nextInt(9), (long)
                        random.nextInt(1000));
                // a memo is what decoding the item gives (the memo contract), as another instance
                memos[i] = new Doc(docs[i].id(), docs[i].name(), docs[i].count());
            }
            int n = size == 0 ? 0 : random.nextInt(size + 1);
            ItemDecoder<Doc> decoder = decoders.get(random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0);
            // the same page twice: one decoded by decodePage, the other item by item
            List<Map<String, AttributeValue>> page = new ArrayList<>();
            List<Map<String, AttributeValue>> reference = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                page.add(item(docs[i], kinds[i], memos[i]));
                reference.add(item(docs[i], kinds[i], memos[i]));
            }
            List<Doc> out = new ArrayList<>();
            QueryEngine.decodePage(page, n, decoder, out);
            List<Doc> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Doc d = decoder.fromItem(reference.get(i));
                if (d != null) {
                    expected.add(d);
                }
            }
            String context =
                    "seed " + seed + " round " + round + " kinds " + java.util.Arrays.toString(kinds) + " n " + n;
            assertThat(out).as(context).isEqualTo(expected);
            for (int i = 0; i < out.size(); i++) {
                // a memo handed out is the very instance attached (identity is part of what a reader sees); a decoded
                // entity is a fresh one on both sides
                boolean memoExpected = isMemo(expected.get(i), memos);
                assertThat(isMemo(out.get(i), memos))
                        .as(context + " result " + i)
                        .isEqualTo(memoExpected);
                if (memoExpected) {
                    assertThat(out.get(i)).as(context + " result " + i).isSameAs(expected.get(i));
                }
            }
            for (int i = 0; i < size; i++) {
                if (page.get(i) instanceof ItemMap stored) {
                    ItemMap ref = (ItemMap) reference.get(i);
                    assertThat(stored.memoOf(Doc.class))
                            .as(context + " memo " + i)
                            .isEqualTo(ref.memoOf(Doc.class));
                    assertThat(stored.memoOf(Doc.class) == memos[i])
                            .as(context + " memo identity " + i)
                            .isEqualTo(ref.memoOf(Doc.class) == memos[i]);
                    assertThat(stored.memo()).as(context + " raw memo " + i).isEqualTo(ref.memo());
                }
            }
            if (decoder == memoizing && n > 0) {
                if (hits) {
                    allMemo++;
                } else {
                    mixed++;
                }
            }
        }
        assertThat(allMemo).isGreaterThan(100);
        assertThat(mixed).isGreaterThan(100);
    }

    /** True when {@code d} is one of the attached memos (by identity), false for a freshly decoded entity. */
    private static boolean isMemo(Doc d, Doc[] memos) {
        for (Doc m : memos) {
            if (m == d) {
                return true;
            }
        }
        return false;
    }
}
