package seeds.singletable;

import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;
import io.partita.annotations.Sparse;
import java.time.Instant;

/**
 * Lives in its user's item collection (same partition key). GSI1: a user's pending orders, oldest first;
 * sparse, since pendingSince is null once the order is paid.
 */
@Entity(table = AppTable.class, type = "Order")
@Key(pk = "USER#{userId}", sk = "ORDER#{orderId}")
@GsiKey(index = "GSI1", pk = "PENDING#{userId}", sk = "{pendingSince}", query = "pendingOrders")
public record Order(String userId, String orderId, @Sparse Instant pendingSince, long totalCents) {}
