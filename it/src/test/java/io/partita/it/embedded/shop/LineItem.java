package io.partita.it.embedded.shop;

import java.math.BigDecimal;

/** A nested record, stored as an M (the processor generates {@code LineItemSchema}). */
public record LineItem(String sku, int quantity, BigDecimal price) {}
