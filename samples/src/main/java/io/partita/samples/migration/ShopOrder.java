package io.partita.samples.migration;

import io.partita.annotations.Attribute;
import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;
import io.partita.annotations.Migration;

/**
 * An order in version 2 of the shop. The two declarations carry version 1's data: {@code @Migration(KEY_TEMPLATE)}
 * for the new {@code @Key} templates, {@code formerly = "Amount"} for the renamed attribute. From them the processor
 * generates {@link ShopOrdersMigrations}{@code .PLAN}.
 */
@Entity(table = ShopOrders.class, type = "Order")
@Key(pk = "CUSTOMER#{customer}", sk = "ORDER#{orderId}")
@GsiKey(index = "ByStatus", pk = "STATUS#{status}", sk = "{orderId}", query = "byStatus")
@Migration(change = Migration.Change.KEY_TEMPLATE)
public record ShopOrder(
        String orderId,
        String customer,
        String status,
        @Attribute(value = "Total", formerly = "Amount") long total) {}
