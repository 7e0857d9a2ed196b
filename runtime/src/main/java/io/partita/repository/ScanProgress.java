package io.partita.repository;

/**
 * Where a parallel scan stands, reported after every page (calls are serialized, never concurrent).
 *
 * @param segment         the segment that just read a page
 * @param totalSegments   how many segments the scan has
 * @param segmentDone     true when that page was the segment's last
 * @param segmentsDone    segments finished so far
 * @param pagesRead       pages read so far, all segments
 * @param itemsScanned    items the scan evaluated so far (ScannedCount), all segments
 * @param itemsReturned   items delivered so far (after the filter and, on shared tables, the entity type)
 */
public record ScanProgress(
        int segment,
        int totalSegments,
        boolean segmentDone,
        int segmentsDone,
        long pagesRead,
        long itemsScanned,
        long itemsReturned) {
    /** The fraction of segments finished, 0 to 1. */
    public double fractionDone() {
        return (double) segmentsDone / totalSegments;
    }
}
