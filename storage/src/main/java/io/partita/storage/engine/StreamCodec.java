package io.partita.storage.engine;

import io.partita.storage.StorageOptions;
import io.partita.storage.api.StreamEventName;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The durable encodings of streams: a stream's record under {@code 'T' stream} (table, label, view type, key
 * schema, status, shards, trim point; rewritten when the stream is enabled, disabled, rolls a shard over or is
 * trimmed) and each stream record under {@code 'S' stream sequence} (creation time first, as 8 fixed bytes, so that
 * retention reads it without decoding the images).
 */
final class StreamCodec {
    private static final int META_VERSION = 1;
    private static final byte HAS_NEW = 1;
    private static final byte HAS_OLD = 2;
    private static final byte TIME_TO_LIVE = 4;

    private StreamCodec() {}

    /** The stream's record; the caller holds the stream's lock (or owns it alone). */
    static byte[] encodeMeta(StreamData s) {
        ItemCodec.Out out = new ItemCodec.Out(128);
        out.varint(META_VERSION);
        out.varlong(s.tableId);
        out.string(s.tableName);
        out.string(s.arn);
        out.string(s.label);
        out.string(s.viewType.name());
        key(out, s.partitionKey);
        out.b((byte) (s.sortKey == null ? 0 : 1));
        if (s.sortKey != null) {
            key(out, s.sortKey);
        }
        out.varlong(s.createdMillis);
        out.b((byte) (s.isEnabled() ? 1 : 0));
        out.varlong(s.disabledMillis());
        out.varlong(s.lastSequence());
        out.varlong(s.trimmedThrough());
        List<StreamData.ShardState> shards = s.shards();
        out.varint(shards.size());
        for (StreamData.ShardState sh : shards) {
            out.varint(sh.number());
            out.string(sh.id());
            out.b((byte) (sh.parentId() == null ? 0 : 1));
            if (sh.parentId() != null) {
                out.string(sh.parentId());
            }
            out.varlong(sh.start());
            out.varlong(sh.end() + 1); // -1 (open) as 0
            out.varlong(sh.openedMillis());
        }
        return out.toArray();
    }

    /**
     * A stream as its record describes it, with its last sequence number raised to its last record's (a record is
     * written without rewriting the stream's record).
     */
    static StreamData decodeMeta(long id, byte[] bytes, DiskStore store, StorageOptions options) {
        ItemCodec.In in = new ItemCodec.In(bytes);
        try {
            int version = in.varint();
            if (version != META_VERSION) {
                throw new IllegalArgumentException("stream record version " + version + ", expected " + META_VERSION);
            }
            long tableId = in.varlong();
            String tableName = in.string();
            String arn = in.string();
            String label = in.string();
            StreamViewType viewType = StreamViewType.valueOf(in.string());
            KeyAttribute pk = key(in);
            KeyAttribute sk = in.b() == 1 ? key(in) : null;
            long created = in.varlong();
            boolean enabled = in.b() == 1;
            long disabledMillis = in.varlong();
            long last = in.varlong();
            long trimmed = in.varlong();
            int n = in.varint();
            List<StreamData.ShardState> shards = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int number = in.varint();
                String shardId = in.string();
                String parent = in.b() == 1 ? in.string() : null;
                shards.add(new StreamData.ShardState(
                        number, shardId, parent, in.varlong(), in.varlong() - 1, in.varlong()));
            }
            if (in.pos != bytes.length) {
                throw new IllegalArgumentException("trailing bytes");
            }
            StreamData s = new StreamData(
                    id,
                    tableId,
                    tableName,
                    arn,
                    label,
                    viewType,
                    pk,
                    sk,
                    created,
                    store,
                    options.streamShardMaxRecords(),
                    options.streamShardMaxAge().toMillis());
            List<byte[][]> lastRecord = store.chunk(
                    DiskStore.successor(DiskStore.spacePrefix(DiskStore.STREAM_RECORD, id)),
                    false,
                    DiskStore.spacePrefix(DiskStore.STREAM_RECORD, id),
                    false,
                    1);
            if (!lastRecord.isEmpty()) {
                last = Math.max(last, DiskStore.getLong(lastRecord.get(0)[0], 9));
            }
            s.restore(enabled, disabledMillis, shards, last, trimmed);
            return s;
        } catch (ArrayIndexOutOfBoundsException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("truncated stream record", e);
        }
    }

    static byte[] encodeRecord(StreamData.Change c) {
        ItemCodec.Out out = new ItemCodec.Out(64 + (int) c.size() * 2);
        byte[] millis = new byte[8];
        DiskStore.putLong(millis, 0, c.millis());
        out.raw(millis);
        out.b(eventCode(c.event()));
        out.b((byte) ((c.newImage() == null ? 0 : HAS_NEW)
                | (c.oldImage() == null ? 0 : HAS_OLD)
                | (c.timeToLive() ? TIME_TO_LIVE : 0)));
        out.varlong(c.size());
        image(out, c.keys());
        if (c.newImage() != null) {
            image(out, c.newImage());
        }
        if (c.oldImage() != null) {
            image(out, c.oldImage());
        }
        return out.toArray();
    }

    /** The creation time of an encoded record. */
    static long recordMillis(byte[] bytes) {
        return DiskStore.getLong(bytes, 0);
    }

    static StreamData.Change decodeRecord(long seq, byte[] bytes) {
        try {
            ItemCodec.In in = new ItemCodec.In(bytes);
            in.pos = 8;
            StreamEventName event = event(in.b());
            byte flags = in.b();
            long size = in.varlong();
            Map<String, AttributeValue> keys = ItemCodec.decode(in.bytes()).item();
            Map<String, AttributeValue> newImage =
                    (flags & HAS_NEW) == 0 ? null : ItemCodec.decode(in.bytes()).item();
            Map<String, AttributeValue> oldImage =
                    (flags & HAS_OLD) == 0 ? null : ItemCodec.decode(in.bytes()).item();
            return new StreamData.Change(
                    seq, recordMillis(bytes), event, (flags & TIME_TO_LIVE) != 0, keys, newImage, oldImage, size);
        } catch (ArrayIndexOutOfBoundsException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("truncated stream record", e);
        }
    }

    private static byte eventCode(StreamEventName e) {
        return switch (e) {
            case INSERT -> 1;
            case MODIFY -> 2;
            case REMOVE -> 3;
        };
    }

    private static StreamEventName event(byte code) {
        return switch (code) {
            case 1 -> StreamEventName.INSERT;
            case 2 -> StreamEventName.MODIFY;
            case 3 -> StreamEventName.REMOVE;
            default -> throw new IllegalArgumentException("stream record event " + code);
        };
    }

    /** Up to {@code limit} encoded records of stream {@code id} with sequence numbers in ({@code after}, {@code last}]. */
    static List<byte[][]> recordsAfter(DiskStore store, long id, long after, long last, int limit) {
        byte[] to = last == Long.MAX_VALUE
                ? DiskStore.successor(DiskStore.spacePrefix(DiskStore.STREAM_RECORD, id))
                : DiskStore.streamRecordKey(id, last + 1);
        return store.chunk(DiskStore.streamRecordKey(id, after), false, to, true, limit);
    }

    private static void image(ItemCodec.Out out, Map<String, AttributeValue> item) {
        out.bytes(ItemCodec.encode(new Stored(item, 0))); // the size is not read back
    }

    private static void key(ItemCodec.Out out, KeyAttribute k) {
        out.string(k.name());
        out.string(k.type().name());
    }

    private static KeyAttribute key(ItemCodec.In in) {
        String name = in.string();
        return new KeyAttribute(name, AttributeType.valueOf(in.string()));
    }
}
