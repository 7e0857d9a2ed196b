package seeds.forum;

import io.partita.annotations.Attribute;
import io.partita.annotations.Lsi;
import io.partita.annotations.LsiKey;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Projection;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;
import java.time.Instant;
import java.util.List;

/** A forum thread; the LSI orders one forum's threads by last post time. Tags are not projected. */
@Table(name = "Thread")
@Lsi(name = "LastPostIndex", projection = Projection.INCLUDE, include = "Replies")
public record Thread(
        @PartitionKey @Attribute("ForumName") String forumName,
        @SortKey @Attribute("Subject") String subject,

        @LsiKey(index = "LastPostIndex") @Attribute("LastPostDateTime")
        Instant lastPostDateTime,

        @Attribute("Replies") int replies,
        @Attribute("Tags") List<String> tags) {}
