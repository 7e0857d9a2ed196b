package io.partita;

import io.partita.internal.RuntimeMessage;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A change feed's position in its table's stream, as a value: for each shard the feed knows, the sequence number of
 * the last change it delivered, {@link #END} once the shard was read to its end, or {@link #START} when nothing was
 * delivered from it yet. {@link #toString()} prints it on one line and {@link #parse(String)} reads that line back,
 * so a checkpoint can be kept anywhere (a {@link CheckpointStore} keeps it for a subscription).
 *
 * <p>A feed resumed from a checkpoint reads each shard after its position: at least once, since changes delivered
 * after the checkpoint was taken come again. A {@link #START} shard is read from its oldest record, as is a shard
 * the checkpoint does not name (one opened after it was taken).
 */
public final class Checkpoint {
    /** The position of a shard read to its end. */
    public static final String END = "END";
    /** The position of a shard none of whose changes was delivered yet. */
    public static final String START = "START";

    private static final String PREFIX = "partita-checkpoint/1";

    private final String streamArn;
    private final Map<String, String> positions;

    private Checkpoint(String streamArn, Map<String, String> positions) {
        this.streamArn = streamArn;
        this.positions = positions;
    }

    /** A checkpoint in stream {@code streamArn}: shard id -> sequence number, {@link #END} or {@link #START}. */
    public static Checkpoint of(String streamArn, Map<String, String> positions) {
        Objects.requireNonNull(streamArn, "streamArn");
        Map<String, String> copy = new LinkedHashMap<>();
        positions.forEach((shard, position) -> {
            checkToken(shard, shard);
            checkPosition(shard, position);
            copy.put(shard, position);
        });
        checkToken(streamArn, streamArn);
        return new Checkpoint(streamArn, Collections.unmodifiableMap(copy));
    }

    /**
     * Reads a checkpoint printed by {@link #toString()}.
     *
     * @throws IllegalArgumentException naming the text and what is wrong with it
     */
    public static Checkpoint parse(String text) {
        Objects.requireNonNull(text, "text");
        String[] parts = text.strip().split(" ", -1);
        if (parts.length < 2 || !parts[0].equals(PREFIX)) {
            throw new IllegalArgumentException(RuntimeMessage.NotACheckpoint.format(PREFIX, text));
        }
        Map<String, String> positions = new LinkedHashMap<>();
        for (int i = 2; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq <= 0 || eq == parts[i].length() - 1) {
                throw new IllegalArgumentException(RuntimeMessage.CheckpointBadShard.format(text, parts[i]));
            }
            positions.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
        }
        return of(parts[1], positions);
    }

    /** The stream the positions are in. */
    public String streamArn() {
        return streamArn;
    }

    /** Shard id -> the sequence number of the last change delivered from it, {@link #END} or {@link #START}. */
    public Map<String, String> positions() {
        return positions;
    }

    /** {@code partita-checkpoint/1 <stream ARN> <shard id>=<position> ...}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(PREFIX).append(' ').append(streamArn);
        positions.forEach(
                (shard, position) -> out.append(' ').append(shard).append('=').append(position));
        return out.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Checkpoint c && streamArn.equals(c.streamArn) && positions.equals(c.positions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(streamArn, positions);
    }

    private static void checkToken(String token, String what) {
        if (token.isEmpty() || token.chars().anyMatch(c -> c == ' ' || c == '=' || Character.isISOControl(c))) {
            throw new IllegalArgumentException(RuntimeMessage.CheckpointBadToken.format(what));
        }
    }

    private static void checkPosition(String shard, String position) {
        boolean number = !position.isEmpty() && position.chars().allMatch(Character::isDigit);
        if (!number && !position.equals(END) && !position.equals(START)) {
            throw new IllegalArgumentException(RuntimeMessage.CheckpointBadPosition.format(shard, position));
        }
    }
}
