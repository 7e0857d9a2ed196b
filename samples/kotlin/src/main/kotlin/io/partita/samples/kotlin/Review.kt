package io.partita.samples.kotlin

import io.partita.annotations.Gsi
import io.partita.annotations.GsiKey
import io.partita.annotations.PartitionKey
import io.partita.annotations.Projection
import io.partita.annotations.SortKey
import io.partita.annotations.Table

/**
 * A review whose GSI ByRating projects only the keys, `headline` and `comment`: its queries return the generated
 * record `ReviewByRatingView`, Java code Kotlin reads through its JSpecify annotations. The generated API is
 * `@NullMarked`, and `comment` (a `String?` here) is `@Nullable` there, so Kotlin sees `comment(): String?` and
 * `headline(): String` rather than platform types (`String!`).
 */
@Table(name = "Reviews")
@Gsi(name = "ByRating", projection = Projection.INCLUDE, include = ["headline", "comment"])
data class Review(
    @PartitionKey val isbn: String,
    @SortKey val reviewer: String,
    @GsiKey(index = "ByRating") val rating: Int,
    val headline: String,
    val comment: String? = null,
)
