package io.partita.samples.kotlin

import io.partita.Partita
import kotlin.reflect.typeOf
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test

/**
 * The generated API's nullability as Kotlin sees it: JSpecify's `@NullMarked` on generated types and `@Nullable` on a
 * nullable attribute make a view's `comment()` a `String?` and its `headline()` a `String`. Without the annotations
 * both would be platform types (`String!`), for which [isMarkedNullable] is false.
 */
class NullabilityTest {
    private val db = Partita.inMemory()
    private val reviews = ReviewRepository.of(db)

    @AfterEach
    fun close() = db.close()

    @Test
    fun `a nullable attribute is a nullable Kotlin type and a non-null one is not`() {
        reviews.put(Review("978-0262510875", "ada", 5, "Timeless"))
        reviews.put(Review("978-0262510875", "alan", 5, "Dense", comment = "Read it twice"))

        val views = reviews.byRating(5).list()
        val view = views.first { it.reviewer() == "ada" }

        assertThat(isMarkedNullable(view.comment())).isTrue()
        assertThat(isMarkedNullable(view.headline())).isFalse()
        assertThat(isMarkedNullable(view.isbn())).isFalse()
        assertThat(isMarkedNullable(reviews.get("978-0262510875", "ada"))).isFalse()
        // what a platform type reads as: list() is inherited from the runtime, which is not null-marked (List<T!>!)
        assertThat(isMarkedNullable(reviews.byRating(5).list())).isFalse()
        // String? forces the null check a platform type would let through
        val commentLengths: List<Int> = views.map { it.comment()?.length ?: 0 }
        val headlines: List<String> = views.map { it.headline() }
        assertThat(commentLengths).containsExactlyInAnyOrder(0, "Read it twice".length)
        assertThat(headlines).containsExactlyInAnyOrder("Timeless", "Dense")
    }

    /** Whether the static type Kotlin inferred for [value] is a `T?` (a platform type `T!` is not). */
    private inline fun <reified T> isMarkedNullable(@Suppress("UNUSED_PARAMETER") value: T): Boolean =
        typeOf<T>().isMarkedNullable
}
