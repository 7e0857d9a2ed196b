package io.partita.it.embedded.shop;

import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;

/** Lives in its user's item collection; GSI1 finds orders by status, by date. */
@Entity(table = ShopTable.class, type = "Order")
@Key(pk = "USER#{userId}", sk = "ORDER#{orderDate}#{orderId}")
@GsiKey(index = "GSI1", pk = "STATUS#{status}", sk = "{orderDate}#{orderId}", query = "byStatus")
public record Order(
        String userId,
        String orderId,
        LocalDate orderDate,
        OrderStatus status,
        BigDecimal total,
        List<LineItem> lines,
        Set<String> tags) {}
