package io.partita.server;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.StorageException;
import io.partita.storage.TransactionCanceledException;
import io.partita.wire.AttributeValues;
import io.partita.wire.Wire;
import io.partita.wire.WireException;
import java.io.IOException;

/**
 * Errors in DynamoDB's JSON shape (the server's own, the wire codec's {@link WireException}, the core's):
 * {@code {"__type":"com.amazonaws.dynamodb.v20120810#<Type>","message":"..."}}
 * with HTTP 400 (500 for {@code InternalServerError}). {@code TransactionCanceledException} carries
 * {@code Message} and {@code CancellationReasons}; {@code ConditionalCheckFailedException} the old {@code Item}
 * when it was asked for, as DynamoDB sends them.
 */
final class Errors {
    static final String DYNAMODB_NAMESPACE = "com.amazonaws.dynamodb.v20120810#";
    static final String CORAL_NAMESPACE = "com.amazon.coral.service#";

    private Errors() {}

    /** The HTTP status of an error answered for {@code e}. */
    static int status(Throwable e) {
        if (e instanceof ApiException a) {
            return a.status;
        }
        if (e instanceof StorageException || e instanceof WireException) {
            return 400;
        }
        return 500;
    }

    static byte[] body(Throwable e) {
        try (Wire.Out out = new Wire.Out()) {
            JsonGenerator g = out.g;
            g.writeStartObject();
            if (e instanceof ApiException a) {
                g.writeStringField("__type", a.namespace + a.type);
                if (a.getMessage() != null) {
                    g.writeStringField("message", a.getMessage());
                }
            } else if (e instanceof WireException w) {
                g.writeStringField("__type", DYNAMODB_NAMESPACE + w.type());
                g.writeStringField("message", w.getMessage());
            } else if (e instanceof TransactionCanceledException t) {
                g.writeStringField("__type", DYNAMODB_NAMESPACE + t.errorCode());
                g.writeStringField("Message", t.getMessage());
                g.writeArrayFieldStart("CancellationReasons");
                for (TransactionCanceledException.CancellationReason r : t.reasons()) {
                    g.writeStartObject();
                    g.writeStringField("Code", r.code());
                    if (r.message() != null) {
                        g.writeStringField("Message", r.message());
                    }
                    if (r.item() != null) {
                        AttributeValues.writeMapField(g, "Item", r.item());
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
            } else if (e instanceof StorageException s) {
                g.writeStringField("__type", DYNAMODB_NAMESPACE + s.errorCode());
                g.writeStringField("message", s.getMessage());
                if (s instanceof ConditionalCheckFailedException c && c.item().isPresent()) {
                    AttributeValues.writeMapField(g, "Item", c.item().get());
                }
            } else {
                g.writeStringField("__type", DYNAMODB_NAMESPACE + "InternalServerError");
                g.writeStringField(
                        "message", "The server encountered an internal error trying to fulfill the request: " + e);
            }
            g.writeEndObject();
            return out.finish();
        } catch (IOException io) {
            throw new java.io.UncheckedIOException(io);
        }
    }
}
