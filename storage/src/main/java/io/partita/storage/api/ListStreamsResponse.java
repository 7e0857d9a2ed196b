package io.partita.storage.api;

import java.util.List;

/** What ListStreams returns: a page of streams and, when more follow, the ARN to start the next page after. */
public record ListStreamsResponse(List<StreamSummary> streams, String lastEvaluatedStreamArn) {
    public ListStreamsResponse {
        streams = List.copyOf(streams);
    }
}
