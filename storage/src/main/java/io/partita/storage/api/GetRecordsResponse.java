package io.partita.storage.api;

import java.util.List;

/**
 * What GetRecords returns: the records read (possibly none: keep reading with the next iterator), and the iterator to
 * read on with; {@code nextShardIterator} is null once a closed shard has been read to its end.
 */
public record GetRecordsResponse(List<StreamRecord> records, String nextShardIterator) {
    public GetRecordsResponse {
        records = List.copyOf(records);
    }
}
