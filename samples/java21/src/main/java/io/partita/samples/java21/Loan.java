package io.partita.samples.java21;

import io.partita.annotations.Entity;
import io.partita.annotations.Key;
import java.time.LocalDate;

/** A book a member has borrowed: {@code MEMBER#id / LOAN#isbn}. */
@Entity(table = LibraryItem.class, type = "Loan")
@Key(pk = "MEMBER#{memberId}", sk = "LOAN#{isbn}")
public record Loan(String memberId, String isbn, LocalDate due) implements LibraryItem {}
