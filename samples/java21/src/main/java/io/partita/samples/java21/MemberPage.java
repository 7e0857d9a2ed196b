package io.partita.samples.java21;

import io.partita.Partita;
import java.time.LocalDate;
import java.util.List;

/**
 * A member's page from one query: the member's item collection (profile, loans, holds) as {@code LibraryItem}s,
 * each rendered by a {@code switch} with type patterns and a guard. The switch has no default branch: the compiler
 * checks it covers every permitted entity.
 */
public final class MemberPage {
    private final LibraryItemRepository library;

    public MemberPage(Partita db) {
        this.library = LibraryItemRepository.of(db);
    }

    /** One line per item of the member's partition, in sort-key order (HOLD#, LOAN#, PROFILE). */
    public List<String> lines(String memberId, LocalDate today) {
        return library.memberCollection(memberId).list().stream()
                .map(item -> describe(item, today))
                .toList();
    }

    static String describe(LibraryItem item, LocalDate today) {
        return switch (item) {
            case Member m -> "member " + m.name();
            case Loan loan when loan.due().isBefore(today) -> "OVERDUE " + loan.isbn() + " since " + loan.due();
            case Loan loan -> "loan " + loan.isbn() + " due " + loan.due();
            case Hold hold -> "hold " + hold.isbn() + ", #" + hold.position() + " in line";
        };
    }
}
