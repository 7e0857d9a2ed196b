package io.partita.samples.kotlin

import io.partita.Partita

/** What a Kotlin caller writes against a generated repository: Optional to `T?`, lists as Kotlin lists. */
class Library(db: Partita) {
    private val books: BookRepository = BookRepository.of(db)

    fun add(book: Book) = books.put(book)

    fun find(isbn: String): Book? = books.get(isbn).orElse(null)

    /** An author's books, newest first, from GSI ByAuthor. */
    fun byAuthor(author: String): List<Book> = books.byAuthor(author).descending().list()

    /** The books on a shelf (GSI ByShelf): only books whose shelf is set are in that index. */
    fun onShelf(shelf: String): List<Book> = books.byShelf(shelf).list()

    fun lend(isbn: String): Book? = find(isbn)?.let { it.copy(copies = it.copies - 1) }?.also(books::put)
}
