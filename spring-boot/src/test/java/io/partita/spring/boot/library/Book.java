package io.partita.spring.boot.library;

import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Table;

/** A single-entity table with a GSI: {@code BookRepository} becomes the bean {@code bookRepository}. */
@Table(name = "Books")
public record Book(
        @PartitionKey String isbn,
        @GsiKey(index = "ByAuthor") String author,
        @GsiKey(index = "ByAuthor", role = KeyRole.SORT) int year,
        String title) {}
