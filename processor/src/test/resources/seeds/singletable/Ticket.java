package seeds.singletable;

import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;
import io.partita.annotations.Scatter;
import java.time.Instant;

/**
 * Support tickets. GSI1: every ticket in one status, oldest first. A status has few values, so this entity's
 * GSI1 partition key is write-sharded over 8 shards ("STATUS#OPEN#3"); the other entities of GSI1 are not.
 */
@Entity(table = AppTable.class, type = "Ticket")
@Key(pk = "TICKET#{ticketId}", sk = "TICKET")
@GsiKey(index = "GSI1", pk = "STATUS#{status}", sk = "{openedAt}", query = "byStatus")
@Scatter(index = "GSI1", shards = 8, by = "ticketId")
public record Ticket(String ticketId, String status, Instant openedAt, String subject) {}
