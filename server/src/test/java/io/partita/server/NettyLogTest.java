package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Netty's log on standard error: SLF4J-style placeholders, a left-over exception's stack trace, no debug. */
class NettyLogTest {

    @Test
    void placeholdersTakeTheArgumentsInTurn() {
        Throwable[] thrown = {null};
        assertThat(NettyLog.format("a {} b {} c", new Object[] {1, "x"}, thrown))
                .isEqualTo("a 1 b x c");
        assertThat(NettyLog.format("no placeholder", new Object[] {1}, thrown)).isEqualTo("no placeholder");
        assertThat(NettyLog.format("{} {} {}", new Object[] {1}, thrown)).isEqualTo("1 {} {}");
        assertThat(thrown[0]).isNull();
    }

    @Test
    void aLeftOverLastThrowableIsTheException() {
        IllegalStateException e = new IllegalStateException("boom");
        Throwable[] thrown = {null};
        assertThat(NettyLog.format("failed: {}", new Object[] {"x", e}, thrown)).isEqualTo("failed: x");
        assertThat(thrown[0]).isSameAs(e);
    }

    @Test
    void warningsArePrintedWithTheLoggerNameAndDebugIsNot() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        NettyLog.Logger log = new NettyLog.Logger("io.netty.Test", out);
        log.debug("hidden {}", 1);
        log.warn("shown {}", 2, new IllegalStateException("boom"));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertThat(printed).startsWith("partita-server: netty WARN io.netty.Test: shown 2\n");
        assertThat(printed).contains("java.lang.IllegalStateException: boom").doesNotContain("hidden");
        assertThat(log.isDebugEnabled()).isFalse();
    }
}
