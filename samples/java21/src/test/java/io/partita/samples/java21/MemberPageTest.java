package io.partita.samples.java21;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class MemberPageTest {

    @Test
    void everyItemOfTheCollectionThroughOneSwitch() {
        try (Partita db = Partita.inMemory()) {
            MemberRepository.of(db).put(new Member("ada", "Ada Lovelace"));
            LoanRepository loans = LoanRepository.of(db);
            loans.put(new Loan("ada", "978-0262510875", LocalDate.of(2026, 11, 20)));
            loans.put(new Loan("ada", "978-0201896831", LocalDate.of(2026, 12, 15)));
            HoldRepository.of(db).put(new Hold("ada", "978-0201038040", 2));
            MemberRepository.of(db).put(new Member("alan", "Alan Turing"));

            assertThat(new MemberPage(db).lines("ada", LocalDate.of(2026, 11, 28)))
                    .containsExactly(
                            "hold 978-0201038040, #2 in line",
                            "loan 978-0201896831 due 2026-12-15",
                            "OVERDUE 978-0262510875 since 2026-11-20",
                            "member Ada Lovelace");
        }
    }
}
