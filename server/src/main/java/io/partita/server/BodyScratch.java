package io.partita.server;

import io.netty.buffer.ByteBuf;

/**
 * Where a request body held off-heap (a direct buffer) is copied for the JSON parser, which reads arrays: one array
 * per thread, reused by its every request, grown to the largest body seen up to {@link #MAX_BYTES}; a larger body
 * gets an array of its own. The operation reads the body only while it runs on this thread (its parsed request
 * holds no reference into the array), so the next request on the thread may overwrite it.
 */
final class BodyScratch {
    /** The largest array a thread keeps: most requests are a few KB; a 16 MB BatchWriteItem is not kept. */
    static final int MAX_BYTES = 256 * 1024;

    /** An anonymous class, not a lambda: each lambda's first use costs start-up time. */
    private static final ThreadLocal<byte[]> SCRATCH = new ThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
            return new byte[1024];
        }
    };

    private BodyScratch() {}

    /** The {@code length} readable bytes of {@code content}, from index 0 of the array answered. */
    static byte[] copy(ByteBuf content, int length) {
        byte[] scratch = SCRATCH.get();
        if (length > scratch.length) {
            if (length > MAX_BYTES) {
                scratch = new byte[length];
                content.getBytes(content.readerIndex(), scratch, 0, length);
                return scratch;
            }
            scratch = new byte[Math.min(MAX_BYTES, Integer.highestOneBit(length - 1) << 1)];
            SCRATCH.set(scratch);
        }
        content.getBytes(content.readerIndex(), scratch, 0, length);
        return scratch;
    }
}
