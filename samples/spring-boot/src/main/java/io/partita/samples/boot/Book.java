package io.partita.samples.boot;

import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Table;

/** A book; {@code BookRepository} (generated) is injected as the bean {@code bookRepository}. */
@Table(name = "Books")
public record Book(
        @PartitionKey String isbn,
        @GsiKey(index = "ByAuthor") String author,
        @GsiKey(index = "ByAuthor", role = KeyRole.SORT) int year,
        String title) {}
