package io.partita.spring.boot.library;

import io.partita.annotations.ChangeStream;
import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.StreamView;
import io.partita.annotations.Table;

/**
 * A single-entity table with a GSI and a change stream: {@code BookRepository} becomes the bean {@code bookRepository},
 * and a {@code ChangeHandler<Book>} bean is subscribed to its changes.
 */
@Table(name = "Books")
@ChangeStream(StreamView.NEW_IMAGE)
public record Book(
        @PartitionKey String isbn,
        @GsiKey(index = "ByAuthor") String author,
        @GsiKey(index = "ByAuthor", role = KeyRole.SORT) int year,
        String title) {}
