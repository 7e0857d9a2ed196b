package io.partita.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** The sample as the README runs it: main starts the application, the runner prints, the context closes. */
@ExtendWith(OutputCaptureExtension.class)
class LibraryApplicationTest {

    @Test
    void runsAndExits(CapturedOutput output) {
        LibraryApplication.main(new String[0]);
        assertThat(output.getOut()).contains("""
                        tables: [dev-Books, dev-Loans]
                        Knuth, newest first:
                          1998  TAOCP 2
                          1997  TAOCP 1
                        ada's loans:
                          TAOCP 1, due 2026-12-01
                          SICP, due 2026-12-08
                        loans of TAOCP 1: 2
                        health: UP
                        requests recorded by Micrometer: 11
                        """);
    }

    @Test
    void propertiesOnTheCommandLineApply(CapturedOutput output) {
        LibraryApplication.main(new String[] {"--partita.table-names.prefix=test-"});
        assertThat(output.getOut()).contains("tables: [test-Books, test-Loans]");
    }
}
