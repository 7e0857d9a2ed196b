package io.partita.samples.java21;

import io.partita.annotations.Entity;
import io.partita.annotations.Key;

/** A member's place in the queue for a book: {@code MEMBER#id / HOLD#isbn}. */
@Entity(table = LibraryItem.class, type = "Hold")
@Key(pk = "MEMBER#{memberId}", sk = "HOLD#{isbn}")
public record Hold(String memberId, String isbn, int position) implements LibraryItem {}
