package io.partita.it.embedded.shop;

import io.partita.annotations.Gsi;
import io.partita.annotations.Table;

/** A single-table design: users and their orders in table Shop; GSI1 is overloaded (users by email, orders by status). */
@Table(name = "Shop", partitionKey = "PK", sortKey = "SK")
@Gsi(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK")
public interface ShopTable {}
