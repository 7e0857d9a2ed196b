package io.partita.benchmarks.migration;

import io.partita.annotations.Attribute;
import io.partita.annotations.Entity;
import io.partita.annotations.Key;
import io.partita.annotations.Migration;

/** An order whose key template and amount attribute changed: every stored item moves (see {@link MigrationBench}). */
@Entity(table = BenchOrders.class, type = "Order")
@Key(pk = "CUSTOMER#{customer}", sk = "ORDER#{id}")
@Migration(change = Migration.Change.KEY_TEMPLATE)
public record BenchOrder(
        String id,
        String customer,
        @Attribute(value = "Total", formerly = "Amount") long total) {}
