package io.partita.samples.kotlin

import io.partita.Partita
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test

/** The kapt-generated repository used from Kotlin on the embedded core. */
class BookTest {
    private val db = Partita.inMemory()
    private val books = BookRepository.of(db)
    private val library = Library(db)

    @AfterEach
    fun close() = db.close()

    @Test
    fun `put and get a data class with its default values`() {
        library.add(Book("978-0262510875", "Abelson", 1996, "SICP"))

        val read = library.find("978-0262510875")

        assertThat(read).isEqualTo(Book("978-0262510875", "Abelson", 1996, "SICP"))
        assertThat(read?.copies).isEqualTo(1)
        assertThat(read?.tags).isEmpty()
        assertThat(library.find("missing")).isNull()
    }

    @Test
    fun `nullable and list attributes round-trip`() {
        val book = Book(
            "978-0201896831", "Knuth", 1997, "TAOCP 1",
            shelf = "A3", subtitle = "Fundamental Algorithms", copies = 2, tags = listOf("algorithms", "classic"),
        )
        books.put(book)

        assertThat(books.get(book.isbn)).contains(book)
    }

    @Test
    fun `index queries from Kotlin`() {
        library.add(Book("978-0201896831", "Knuth", 1997, "TAOCP 1", shelf = "A3"))
        library.add(Book("978-0201896848", "Knuth", 1998, "TAOCP 2"))
        library.add(Book("978-0201038040", "Knuth", 1984, "The TeXbook", shelf = "A3"))

        assertThat(library.byAuthor("Knuth").map { it.year }).containsExactly(1998, 1997, 1984)
        assertThat(books.byAuthor("Knuth").year().ge(1990).count()).isEqualTo(2)
        // a null @Sparse key: the book is not in ByShelf
        assertThat(library.onShelf("A3").map { it.title }).containsExactlyInAnyOrder("TAOCP 1", "The TeXbook")
    }

    @Test
    fun `copy and put updates an item`() {
        library.add(Book("978-0262510875", "Abelson", 1996, "SICP", copies = 3))

        library.lend("978-0262510875")

        assertThat(library.find("978-0262510875")?.copies).isEqualTo(2)
        assertThat(library.lend("missing")).isNull()
    }

    @Test
    fun `a non-null index key puts every item in the index`() {
        val loans = LoanRepository.of(db)

        loans.put(Loan("ada", "978-0262510875", returnedBy = "2026-12-01"))
        assertThat(loans.byReturnDate("2026-12-01").list()).hasSize(1)
    }
}
