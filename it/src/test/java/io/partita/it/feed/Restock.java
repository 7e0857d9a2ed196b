package io.partita.it.feed;

import io.partita.annotations.Entity;
import io.partita.annotations.Key;

/** An order for more of one product. */
@Entity(table = Inventory.class, type = "Restock")
@Key(pk = "STORE#{store}", sk = "RESTOCK#{id}")
public record Restock(String store, String id, String sku, int units) implements Inventory {}
