package io.partita;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A checkpoint prints on one line and parses back; malformed text is refused naming what is wrong. */
class CheckpointTest {
    private static final String ARN = "arn:aws:dynamodb:ddblocal:000000000000:table/T/stream/2026-11-28T10:00:00.000";

    @Test
    void printsAndParsesBack() {
        Map<String, String> positions = new LinkedHashMap<>();
        positions.put("shardId-1", "END");
        positions.put("shardId-2", "000000000000000000042");
        positions.put("shardId-3", "START");
        Checkpoint c = Checkpoint.of(ARN, positions);
        assertThat(c.toString())
                .isEqualTo("partita-checkpoint/1 " + ARN
                        + " shardId-1=END shardId-2=000000000000000000042 shardId-3=START");
        assertThat(Checkpoint.parse(c.toString())).isEqualTo(c);
        assertThat(Checkpoint.parse(c.toString()).positions()).containsExactlyEntriesOf(positions);
        assertThat(Checkpoint.parse("partita-checkpoint/1 " + ARN).positions()).isEmpty();
    }

    @Test
    void malformedTextIsRefusedNamingThePart() {
        assertThatThrownBy(() -> Checkpoint.parse("cursor:abc"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Not a Partita checkpoint (it starts with \"partita-checkpoint/1\" ... ): cursor:abc");
        assertThatThrownBy(() -> Checkpoint.parse("partita-checkpoint/1 " + ARN + " shard-1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("its part \"shard-1\" is not <shard id>=<position>");
        assertThatThrownBy(() -> Checkpoint.parse("partita-checkpoint/1 " + ARN + " shard-1=later"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The checkpoint position of shard shard-1 is \"later\"; a position is a sequence number,"
                        + " END or START");
        assertThatThrownBy(() -> Checkpoint.of("arn with space", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"arn with space\"");
    }
}
