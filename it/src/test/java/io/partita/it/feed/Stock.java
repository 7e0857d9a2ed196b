package io.partita.it.feed;

import io.partita.annotations.Entity;
import io.partita.annotations.Key;

/** How many of one product a store holds. */
@Entity(table = Inventory.class, type = "Stock")
@Key(pk = "STORE#{store}", sk = "STOCK#{sku}")
public record Stock(String store, String sku, int units) implements Inventory {}
