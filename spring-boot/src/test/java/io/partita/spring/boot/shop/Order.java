package io.partita.spring.boot.shop;

import io.partita.annotations.Entity;
import io.partita.annotations.Key;

/** Shares its simple name with {@code archive.Order}: both repositories are beans named by class name. */
@Entity(table = ShopTable.class, type = "Order")
@Key(pk = "CUSTOMER#{customerId}", sk = "ORDER#{orderId}")
public record Order(String customerId, String orderId, long totalCents) {}
