package io.partita.samples.forum;

import static io.partita.storage.value.AttributeValue.s;

import io.partita.Partita;
import io.partita.mapping.KeyFormat;
import io.partita.samples.TextTable;
import io.partita.storage.api.ItemCollectionMetrics;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Seed {@code 001}: forum threads, a time window on the LSI, the cost of fetching unprojected Tags, item collections. */
public final class ForumSample {
    /** Each thread carries a ~3 KB message, so fetching whole items from the table shows in the capacity. */
    static final String MESSAGE = "lorem ipsum ".repeat(256);

    public static final Instant FROM = Instant.parse("2015-01-01T00:00:00Z");
    public static final Instant TO = Instant.parse("2015-02-28T23:59:59Z");

    private final Partita db;
    private final ForumThreadRepository threads;

    public ForumSample(Partita db) {
        this.db = db;
        this.threads = ForumThreadRepository.of(db);
    }

    public ForumThreadRepository threads() {
        return threads;
    }

    public void loadFixtures() {
        threads.put(thread("S3", "aaa", "2015-03-15T17:24:31Z", 12, "Security", "Buckets"));
        threads.put(thread("S3", "bbb", "2015-01-22T23:18:01Z", 3, "Policies"));
        threads.put(thread("S3", "ccc", "2015-02-28T13:14:21Z", 4, "Encryption"));
        threads.put(thread("S3", "ddd", "2015-01-03T09:21:11Z", 9, "Buckets", "Versioning"));
        threads.put(thread("EC2", "eee", "2015-01-12T12:01:41Z", 18, "Instances"));
    }

    static ForumThread thread(String forum, String subject, String lastPost, int replies, String... tags) {
        return new ForumThread(forum, subject, Instant.parse(lastPost), replies, List.of(tags), MESSAGE);
    }

    /** A forum's threads whose last post falls in [from, to], oldest first; whole entities (Tags fetched). */
    public List<ForumThread> window(String forum, Instant from, Instant to) {
        return threads.lastPostIndex(forum)
                .lastPostDateTime()
                .between(from, to)
                .consistentRead()
                .list();
    }

    /**
     * The same window as a raw Query with the ProjectionExpression {@code projection}: a repository query decides its
     * projection itself (the entity's attributes, or a view's), so comparing two projections' cost takes raw requests.
     */
    QueryResponse rawWindow(String forum, String projection) {
        return db.backend()
                .query(QueryRequest.builder()
                        .tableName("Thread")
                        .indexName("LastPostIndex")
                        .keyConditionExpression("ForumName = :f AND LastPostDateTime BETWEEN :from AND :to")
                        .expressionAttributeValues(
                                Map.of(":f", s(forum), ":from", s(KeyFormat.text(FROM)), ":to", s(KeyFormat.text(TO))))
                        .projectionExpression(projection)
                        .consistentRead(true)
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .build());
    }

    /** Puts a thread through the repository, asking for the write's item-collection metrics (the table has an LSI). */
    public ItemCollectionMetrics putReportingCollectionSize(ForumThread thread) {
        return threads.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .returnItemCollectionMetrics()
                .put(thread)
                .consumed()
                .itemCollectionMetrics()
                .get(0);
    }

    public void run(PrintStream out) {
        out.println(
                "== 2. Forum threads: LSI LastPostIndex (ForumName, LastPostDateTime), INCLUDE Replies (seed 001) ==");
        loadFixtures();
        out.println(
                "threads.lastPostIndex(\"S3\").lastPostDateTime().between(2015-01-01, 2015-02-28).consistentRead().list()");
        TextTable window = TextTable.of("Subject", "LastPostDateTime", "Replies", "Tags (not projected: fetched)");
        for (ForumThread t : window("S3", FROM, TO)) {
            window.row(t.subject(), t.lastPostDateTime(), t.replies(), String.join(", ", t.tags()));
        }
        window.print(out);
        out.println("consumed (the same window as raw requests, one per ProjectionExpression, strongly consistent):");
        TextTable cost = TextTable.of("ProjectionExpression", "Consumed");
        for (String projection : List.of("Subject, LastPostDateTime, Replies", "Subject, Tags")) {
            cost.row(projection, TextTable.capacity(rawWindow("S3", projection).consumedCapacity()));
        }
        cost.print(out);
        out.println("projected attributes come from the index alone; asking for Tags fetches every matching item "
                + "(~3 KB each) from the table, charged per item on top of the index read");
        TextTable sizes = TextTable.of("put", "ItemCollectionKey", "size (bytes)", "estimate (GB)");
        ItemCollectionMetrics m = putReportingCollectionSize(thread("S3", "eee", "2015-03-20T08:00:00Z", 0, "New"));
        sizes.row(
                "S3/eee",
                m.itemCollectionKey().get("ForumName").asS(),
                m.sizeBytes(),
                m.sizeEstimateLowerGb() + " - " + m.sizeEstimateUpperGb());
        m = putReportingCollectionSize(thread("EC2", "fff", "2015-03-21T08:00:00Z", 0, "New"));
        sizes.row(
                "EC2/fff",
                m.itemCollectionKey().get("ForumName").asS(),
                m.sizeBytes(),
                m.sizeEstimateLowerGb() + " - " + m.sizeEstimateUpperGb());
        out.println(
                "item collections (the repository's put with returnItemCollectionMetrics(); an LSI caps each at 10 GB):");
        sizes.print(out);
        out.println();
    }
}
