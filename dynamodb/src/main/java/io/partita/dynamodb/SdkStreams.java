package io.partita.dynamodb;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import software.amazon.awssdk.awscore.AwsServiceClientConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsAsyncClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The DynamoDB Streams client a {@link DynamoDbBackend} reads streams through: the one the application gave, or
 * one built on first use from the DynamoDB client's own configuration (its region, endpoint override and
 * credentials provider), blocking beside a blocking client and asynchronous beside an asynchronous one. A client
 * this built is this backend's to close; a given one is its owner's. SDK failures are thrown as the core
 * exceptions they map to ({@link Errors#mapStreams}).
 */
final class SdkStreams {
    private final SdkClient tables;
    private final DynamoDbStreamsClient given; // null: built from the DynamoDB client's configuration
    private DynamoDbStreamsClient blocking; // guarded by this; the given or built blocking client
    private DynamoDbStreamsAsyncClient async; // guarded by this; built beside an asynchronous DynamoDB client
    private boolean closed; // guarded by this

    private SdkStreams(SdkClient tables, DynamoDbStreamsClient given) {
        this.tables = tables;
        this.given = given;
        this.blocking = given;
    }

    /** Streams through {@code given}, or, when it is null, through a client built from {@code tables}' configuration. */
    static SdkStreams of(SdkClient tables, DynamoDbStreamsClient given) {
        return new SdkStreams(tables, given);
    }

    /** One Streams call, on the blocking streams client, else on the asynchronous one and waited for. */
    <T> T send(
            Function<DynamoDbStreamsClient, T> onBlocking,
            Function<DynamoDbStreamsAsyncClient, CompletableFuture<T>> onAsync) {
        DynamoDbStreamsClient b;
        DynamoDbStreamsAsyncClient a;
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the DynamoDB backend is closed: its streams client is too");
            }
            if (blocking == null && async == null) {
                build();
            }
            b = blocking;
            a = async;
        }
        if (b != null) {
            try {
                return onBlocking.apply(b);
            } catch (SdkException e) {
                throw Errors.mapStreams(e);
            }
        }
        try {
            return onAsync.apply(a).join();
        } catch (CompletionException e) {
            throw Errors.mapStreams(e.getCause() == null ? e : e.getCause());
        }
    }

    /** Builds the streams client from the DynamoDB client's region, endpoint override and credentials. */
    private void build() {
        if (tables.blocking() != null) {
            AwsServiceClientConfiguration c =
                    configuration(() -> tables.blocking().serviceClientConfiguration());
            var builder =
                    DynamoDbStreamsClient.builder().region(c.region()).credentialsProvider(c.credentialsProvider());
            c.endpointOverride().ifPresent(builder::endpointOverride);
            blocking = builder.build();
        } else {
            AwsServiceClientConfiguration c = configuration(() -> tables.async().serviceClientConfiguration());
            var builder = DynamoDbStreamsAsyncClient.builder()
                    .region(c.region())
                    .credentialsProvider(c.credentialsProvider());
            c.endpointOverride().ifPresent(builder::endpointOverride);
            async = builder.build();
        }
    }

    private static AwsServiceClientConfiguration configuration(
            java.util.function.Supplier<AwsServiceClientConfiguration> read) {
        try {
            return read.get();
        } catch (UnsupportedOperationException e) {
            throw new UnsupportedOperationException(
                    "DynamoDbBackend: this DynamoDB client does not expose its configuration"
                            + " (serviceClientConfiguration()), so no DynamoDbStreamsClient can be built from it;"
                            + " pass one: new DynamoDbBackend(client, streamsClient)",
                    e);
        }
    }

    /** Closes the streams client if this built it; a given client stays open. */
    synchronized void close() {
        closed = true;
        if (blocking != null && blocking != given) {
            blocking.close();
        }
        if (async != null) {
            async.close();
        }
    }
}
