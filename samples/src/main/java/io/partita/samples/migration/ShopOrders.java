package io.partita.samples.migration;

import io.partita.annotations.Gsi;
import io.partita.annotations.Table;

/**
 * Version 2 of the shop's order table. Version 1 stored each order under {@code ORDER#<orderId>} / {@code ORDER} with
 * its amount in {@code Amount}; version 2 keeps a customer's orders together ({@code CUSTOMER#<customer>} /
 * {@code ORDER#<orderId>}), calls the amount {@code Total} and adds the index {@code ByStatus}.
 */
@Table(name = "ShopOrders", partitionKey = "PK", sortKey = "SK")
@Gsi(name = "ByStatus", partitionKey = "GSI1PK", sortKey = "GSI1SK")
public interface ShopOrders {}
