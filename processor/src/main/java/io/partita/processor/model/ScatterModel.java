package io.partita.processor.model;

/**
 * A {@code @Scatter}: write-sharding of one GSI's partition key.
 *
 * <p>Key layout for generators: when the index has partition-key attributes, the shard number is
 * appended to the (last) partition-key value as {@code value#shard}; when the index declares only a
 * sort key, the partition key is the synthetic Number attribute {@link #shardAttribute()} holding the
 * shard number (the seed's "scatteredValue").
 *
 * @param index the index name
 * @param shards number of shards
 * @param by the field whose hash picks the shard, or empty for random
 * @param origin the annotation
 */
public record ScatterModel(String index, int shards, String by, Origin origin) {

    public boolean isRandom() {
        return by.isEmpty();
    }

    /** The synthetic attribute that holds the shard when the index has no partition-key field. */
    public String shardAttribute() {
        return index + "_shard";
    }
}
