package seeds.singletable;

import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;

/** GSI1: products of a category by price (a sortable number encoding, so price ranges work). */
@Entity(table = AppTable.class, type = "Product")
@Key(pk = "PRODUCT#{productId}", sk = "PRODUCT")
@GsiKey(index = "GSI1", pk = "CATEGORY#{category}", sk = "PRICE#{priceCents:sortable}", query = "byCategory")
public record Product(String productId, String category, long priceCents, String name) {}
