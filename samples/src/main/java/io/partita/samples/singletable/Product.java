package io.partita.samples.singletable;

import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;

/** A product; GSI1 lists a category's products by price ({@code :sortable} renders numbers so they sort). */
@Entity(table = ShopTable.class, type = "Product")
@Key(pk = "PRODUCT#{productId}", sk = "PRODUCT")
@GsiKey(index = "GSI1", pk = "CATEGORY#{category}", sk = "PRICE#{priceCents:sortable}", query = "byCategory")
public record Product(String productId, String category, long priceCents, String name) {}
