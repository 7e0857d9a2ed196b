package io.partita.samples.singletable;

import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;
import io.partita.annotations.Sparse;
import java.time.Instant;

/**
 * An order, in its user's item collection ({@code USER#id / ORDER#id}). In GSI1 only while pending: the sparse
 * index pattern — once paid, pendingSince is null and the order leaves the index.
 */
@Entity(table = ShopTable.class, type = "Order")
@Key(pk = "USER#{userId}", sk = "ORDER#{orderId}")
@GsiKey(index = "GSI1", pk = "PENDING#{userId}", sk = "{pendingSince}", query = "pendingOrders")
public record Order(String userId, String orderId, @Sparse Instant pendingSince, long totalCents) {}
