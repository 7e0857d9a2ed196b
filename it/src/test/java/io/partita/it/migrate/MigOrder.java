package io.partita.it.migrate;

import io.partita.annotations.Attribute;
import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;
import io.partita.annotations.Migration;

/**
 * An order in the new design: stored before under {@code ORDER#<id>} / {@code ORDER} with its amount in
 * {@code Amount}; the declarations make the processor generate {@code MigShopMigrations.PLAN}.
 */
@Entity(table = MigShop.class, type = "Order")
@Key(pk = "CUSTOMER#{customer}", sk = "ORDER#{id}")
@GsiKey(index = "ByCustomer", pk = "C#{customer}", sk = "{id}", query = "byCustomer")
@Migration(change = Migration.Change.KEY_TEMPLATE)
public record MigOrder(
        String id,
        String customer,
        @Attribute(value = "Total", formerly = "Amount") long total) {}
