package io.partita.samples.forum;

import io.partita.annotations.Attribute;
import io.partita.annotations.Lsi;
import io.partita.annotations.LsiKey;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Projection;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;
import java.time.Instant;
import java.util.List;

/**
 * A forum thread (seed {@code 001}, "Local secondary indexes"), stored in table {@code Thread}. The LSI
 * {@code LastPostIndex} orders one forum's threads by last post time and projects Replies; Tags and the message
 * are not projected, so a query that returns them fetches each item from the table (and pays for it).
 */
@Table(name = "Thread")
@Lsi(name = "LastPostIndex", projection = Projection.INCLUDE, include = "Replies")
public record ForumThread(
        @PartitionKey @Attribute("ForumName") String forumName,
        @SortKey @Attribute("Subject") String subject,

        @LsiKey(index = "LastPostIndex") @Attribute("LastPostDateTime")
        Instant lastPostDateTime,

        @Attribute("Replies") int replies,
        @Attribute("Tags") List<String> tags,
        @Attribute("Message") String message) {}
