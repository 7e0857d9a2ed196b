package io.partita.samples.kotlin

import io.partita.annotations.GsiKey
import io.partita.annotations.KeyRole
import io.partita.annotations.PartitionKey
import io.partita.annotations.Sparse
import io.partita.annotations.Table

/**
 * A Kotlin data class as an entity. Partita's field annotations target Java fields, so Kotlin puts them on the
 * backing field without a use-site target (`@field:` is implied); kapt shows the processor a Java stub with those
 * fields, the getters and the primary constructor, which generated code calls with every attribute
 * (`BookRepository`, generated in Java next to this class).
 *
 * - `shelf`: a nullable GSI key. It must be `@Sparse` (the processor reports `KotlinNullableIndexKey` otherwise,
 *   since a null `shelf` would fail every write); with it the book is just absent from ByShelf.
 * - `subtitle`: a nullable plain attribute; null is not stored.
 * - default values apply where Kotlin code calls the constructor. A read calls the JVM constructor with every
 *   attribute (not Kotlin's default-arguments one), so a default never fills an attribute a stored item lacks:
 *   an attribute added later should be nullable (or the items backfilled).
 */
@Table(name = "Books")
data class Book(
    @PartitionKey val isbn: String,
    @GsiKey(index = "ByAuthor") val author: String,
    @GsiKey(index = "ByAuthor", role = KeyRole.SORT) val year: Int,
    val title: String,
    @Sparse @GsiKey(index = "ByShelf") val shelf: String? = null,
    val subtitle: String? = null,
    val copies: Int = 1,
    val tags: List<String> = emptyList(),
)
