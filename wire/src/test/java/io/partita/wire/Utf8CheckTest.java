package io.partita.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Request bodies are well-formed UTF-8 with paired surrogate escapes, checked in one linear pass. */
class Utf8CheckTest {
    private static byte[] bytes(String hex) {
        return HexFormat.of().parseHex(hex);
    }

    @Test
    void illFormedSequencesAreSerializationExceptionsNamingTheBytes() {
        for (String hex : List.of(
                "c080",
                "c1bf",
                "e08080",
                "eda080",
                "edbfbf",
                "f08f8080",
                "f4908080",
                "f5808080",
                "80",
                "bf",
                "e282",
                "f09f98",
                "ff",
                "fe",
                "c3")) {
            byte[] body = bytes("7b2261223a22" + hex + "227d"); // {"a":"<bytes>"}
            assertThatThrownBy(() -> Utf8Check.check(body, 0, body.length))
                    .as(hex)
                    .isInstanceOfSatisfying(
                            WireException.class, e -> assertThat(e.type()).isEqualTo(WireException.SERIALIZATION))
                    .hasMessageStartingWith("Invalid UTF-8 in the request body: ill-formed UTF-8 at byte 6 (")
                    .hasMessageContaining(hex.substring(0, 2).toUpperCase(java.util.Locale.ROOT));
        }
    }

    @Test
    void wellFormedTextPasses() {
        String text = "{\"a\":\"x \u00e9 \u20ac \ud83d\ude00 \u07ff \uffff \\ud83d\\ude00 \\\\ud800 \\n\\\"\"}";
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        assertThatCode(() -> Utf8Check.check(body, 0, body.length)).doesNotThrowAnyException();
        byte[] highest = bytes("f48fbfbf"); // U+10FFFF
        assertThatCode(() -> Utf8Check.check(highest, 0, highest.length)).doesNotThrowAnyException();
    }

    @Test
    void unpairedSurrogateEscapesAreRefused() {
        for (String escaped :
                List.of("\\ud800", "\\udfff", "\\ud800x", "\\ud800\\u0041", "\\ud800\\ud800", "\\uDC00")) {
            byte[] body = ("{\"a\":\"" + escaped + "\"}").getBytes(StandardCharsets.US_ASCII);
            assertThatThrownBy(() -> Utf8Check.check(body, 0, body.length))
                    .as(escaped)
                    .isInstanceOf(WireException.class)
                    .hasMessageContaining("unpaired surrogate");
        }
    }

    @Test
    void onlyTheGivenRangeIsChecked() {
        byte[] body = bytes("ff7b7dff");
        assertThatCode(() -> Utf8Check.check(body, 1, 2)).doesNotThrowAnyException();
        byte[] cut = bytes("7be282");
        assertThatThrownBy(() -> Utf8Check.check(cut, 0, 2 + 1)).isInstanceOf(WireException.class);
        assertThatCode(() -> Utf8Check.check(cut, 0, 1)).doesNotThrowAnyException();
    }

    @Test
    void aMegabyteIsCheckedInMilliseconds() {
        byte[] body = ("{\"a\":\"" + "\u00e9x".repeat(500_000) + "\"}").getBytes(StandardCharsets.UTF_8);
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            long t0 = System.nanoTime();
            Utf8Check.check(body, 0, body.length);
            best = Math.min(best, System.nanoTime() - t0);
        }
        System.out.printf("Utf8Check: %d bytes in %.2f ms (best of 5)%n", body.length, best / 1e6);
        assertThat(best).isLessThan(200_000_000L); // linear: ~1 ms here; a generous bound for a loaded machine
    }
}
