package io.partita.samples.singletable;

import io.partita.annotations.Gsi;
import io.partita.annotations.Table;

/**
 * One table for users, their orders and products (seed {@code 004}, "GSI overloading"): generic key attributes
 * PK/SK, and one GSI whose GSI1PK/GSI1SK each entity fills in its own way, so one index serves "user by email",
 * "pending orders of a user" and "products of a category by price".
 */
@Table(name = "Shop", partitionKey = "PK", sortKey = "SK")
@Gsi(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK")
public interface ShopTable {}
