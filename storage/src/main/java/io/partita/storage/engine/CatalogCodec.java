package io.partita.storage.engine;

import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProjectionType;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's catalogue record on disk: its definition, the space ids of its items and of each index (in the
 * definition's order), and the GSI being backfilled, if a {@code createGlobalSecondaryIndex} was under way.
 */
final class CatalogCodec {
    private static final int RECORD_VERSION = 1;
    /** Version 1 plus the time-to-live attribute at the end; written only when the table has one. */
    private static final int RECORD_VERSION_TTL = 2;
    /**
     * Version 2's fields, then the time-to-live attribute and the stream's view type, each after a presence byte;
     * written only when the table has a stream enabled.
     */
    private static final int RECORD_VERSION_STREAM = 3;

    /** The catalogue record of one table. {@code backfill} and {@code backfillSpace} are null/0 when none is under way. */
    record Record(
            TableDefinition definition,
            long itemsSpace,
            long[] lsiSpaces,
            long[] gsiSpaces,
            GlobalSecondaryIndex backfill,
            long backfillSpace) {}

    private CatalogCodec() {}

    static byte[] encode(Record r) {
        ItemCodec.Out out = new ItemCodec.Out(256);
        TableDefinition d = r.definition();
        boolean stream = d.streamSpecification().enabled();
        out.varint(
                stream ? RECORD_VERSION_STREAM : d.timeToLiveAttribute() == null ? RECORD_VERSION : RECORD_VERSION_TTL);
        out.varlong(r.itemsSpace());
        out.string(d.name());
        key(out, d.partitionKey());
        out.b((byte) (d.sortKey() == null ? 0 : 1));
        if (d.sortKey() != null) {
            key(out, d.sortKey());
        }
        throughput(out, d.provisionedThroughput());
        out.varint(d.localSecondaryIndexes().size());
        for (int i = 0; i < d.localSecondaryIndexes().size(); i++) {
            LocalSecondaryIndex l = d.localSecondaryIndexes().get(i);
            out.string(l.name());
            key(out, l.sortKey());
            projection(out, l.projection());
            out.varlong(r.lsiSpaces()[i]);
        }
        out.varint(d.globalSecondaryIndexes().size());
        for (int i = 0; i < d.globalSecondaryIndexes().size(); i++) {
            gsi(out, d.globalSecondaryIndexes().get(i));
            out.varlong(r.gsiSpaces()[i]);
        }
        out.b((byte) (r.backfill() == null ? 0 : 1));
        if (r.backfill() != null) {
            gsi(out, r.backfill());
            out.varlong(r.backfillSpace());
        }
        if (stream) {
            out.b((byte) (d.timeToLiveAttribute() == null ? 0 : 1));
        }
        if (d.timeToLiveAttribute() != null) {
            out.string(d.timeToLiveAttribute());
        }
        if (stream) {
            out.string(d.streamSpecification().viewType().name());
        }
        return out.toArray();
    }

    static Record decode(byte[] bytes) {
        ItemCodec.In in = new ItemCodec.In(bytes);
        try {
            int version = in.varint();
            if (version != RECORD_VERSION && version != RECORD_VERSION_TTL && version != RECORD_VERSION_STREAM) {
                throw new IllegalArgumentException("catalogue record version " + version + ", expected "
                        + RECORD_VERSION + ", " + RECORD_VERSION_TTL + " or " + RECORD_VERSION_STREAM);
            }
            long itemsSpace = in.varlong();
            TableDefinition.Builder b = TableDefinition.builder(in.string()).partitionKey(key(in));
            if (in.b() == 1) {
                b.sortKey(key(in));
            }
            b.provisionedThroughput(throughput(in));
            int lsis = in.varint();
            long[] lsiSpaces = new long[lsis];
            for (int i = 0; i < lsis; i++) {
                String name = in.string();
                KeyAttribute sk = key(in);
                b.localSecondaryIndex(name, sk, projection(in));
                lsiSpaces[i] = in.varlong();
            }
            int gsis = in.varint();
            long[] gsiSpaces = new long[gsis];
            for (int i = 0; i < gsis; i++) {
                b.globalSecondaryIndex(gsi(in));
                gsiSpaces[i] = in.varlong();
            }
            GlobalSecondaryIndex backfill = null;
            long backfillSpace = 0;
            if (in.b() == 1) {
                backfill = gsi(in);
                backfillSpace = in.varlong();
            }
            if (version == RECORD_VERSION_TTL || (version == RECORD_VERSION_STREAM && in.b() == 1)) {
                b.timeToLive(in.string());
            }
            if (version == RECORD_VERSION_STREAM) {
                b.stream(StreamViewType.valueOf(in.string()));
            }
            if (in.pos != bytes.length) {
                throw new IllegalArgumentException("trailing bytes");
            }
            return new Record(b.build(), itemsSpace, lsiSpaces, gsiSpaces, backfill, backfillSpace);
        } catch (ArrayIndexOutOfBoundsException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("truncated catalogue record", e);
        }
    }

    private static void key(ItemCodec.Out out, KeyAttribute k) {
        out.string(k.name());
        out.string(k.type().name());
    }

    private static KeyAttribute key(ItemCodec.In in) {
        String name = in.string();
        return new KeyAttribute(name, AttributeType.valueOf(in.string()));
    }

    private static void keys(ItemCodec.Out out, List<KeyAttribute> keys) {
        out.varint(keys.size());
        for (KeyAttribute k : keys) {
            key(out, k);
        }
    }

    private static List<KeyAttribute> keys(ItemCodec.In in) {
        int n = in.varint();
        List<KeyAttribute> keys = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            keys.add(key(in));
        }
        return keys;
    }

    private static void projection(ItemCodec.Out out, Projection p) {
        out.string(p.type().name());
        out.varint(p.nonKeyAttributes().size());
        for (String a : p.nonKeyAttributes()) {
            out.string(a);
        }
    }

    private static Projection projection(ItemCodec.In in) {
        ProjectionType type = ProjectionType.valueOf(in.string());
        int n = in.varint();
        List<String> attrs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            attrs.add(in.string());
        }
        return new Projection(type, attrs);
    }

    private static void throughput(ItemCodec.Out out, ProvisionedThroughput t) {
        out.b((byte) (t == null ? 0 : 1));
        if (t != null) {
            out.varlong(t.readCapacityUnits());
            out.varlong(t.writeCapacityUnits());
        }
    }

    private static ProvisionedThroughput throughput(ItemCodec.In in) {
        if (in.b() == 0) {
            return null;
        }
        return new ProvisionedThroughput(in.varlong(), in.varlong());
    }

    private static void gsi(ItemCodec.Out out, GlobalSecondaryIndex g) {
        out.string(g.name());
        keys(out, g.partitionKey());
        keys(out, g.sortKey());
        projection(out, g.projection());
        throughput(out, g.provisionedThroughput());
    }

    private static GlobalSecondaryIndex gsi(ItemCodec.In in) {
        String name = in.string();
        List<KeyAttribute> pk = keys(in);
        List<KeyAttribute> sk = keys(in);
        Projection p = projection(in);
        return new GlobalSecondaryIndex(name, pk, sk, p, throughput(in));
    }
}
