package io.partita.samples.java21;

import io.partita.annotations.Table;

/**
 * The shared table {@code Library}: a member's profile, loans and holds in the member's item collection. Sealed,
 * and every entity implements it, so the generated item-collection query returns {@code List<LibraryItem>} and a
 * {@code switch} over an item needs no default: adding an entity to {@code permits} makes every such switch that
 * does not handle it a compile error.
 */
@Table(name = "Library", partitionKey = "PK", sortKey = "SK")
public sealed interface LibraryItem permits Member, Loan, Hold {}
