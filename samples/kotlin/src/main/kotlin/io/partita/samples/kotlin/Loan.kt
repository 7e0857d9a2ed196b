package io.partita.samples.kotlin

import io.partita.annotations.GsiKey
import io.partita.annotations.PartitionKey
import io.partita.annotations.SortKey
import io.partita.annotations.Table

/**
 * A loan whose GSI key is not `@Sparse`, so it is non-null: every loan is in ByReturnDate. Declared `String?`
 * without `@Sparse`, the processor would refuse it at compile time (`KotlinNullableIndexKey`), since each null
 * write would fail. Mark a nullable index key `@Sparse` (as [Book.shelf]) when "absent from the index" is what
 * null means.
 */
@Table(name = "Loans")
data class Loan(
    @PartitionKey val member: String,
    @SortKey val isbn: String,
    @GsiKey(index = "ByReturnDate") val returnedBy: String,
)
