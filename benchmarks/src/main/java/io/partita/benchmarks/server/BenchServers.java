package io.partita.benchmarks.server;

import io.partita.server.PartitaServer;
import io.partita.storage.Storage;
import java.io.IOException;
import java.net.URI;

/**
 * The three servers {@link ServerBench} and {@link RawServerBench} compare, started the same way, and the table
 * both benchmarks load: {@code Bench}, key {@code pk}, GSI {@code ByG} on {@code g} and {@code n}, on demand.
 */
final class BenchServers {
    static final int ITEMS = 2_000;
    static final int GROUPS = 200;

    static final String CREATE_TABLE = "{\"TableName\":\"Bench\",\"KeySchema\":[{\"AttributeName\":\"pk\","
            + "\"KeyType\":\"HASH\"}],\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},"
            + "{\"AttributeName\":\"g\",\"AttributeType\":\"S\"},{\"AttributeName\":\"n\",\"AttributeType\":\"N\"}],"
            + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"ByG\",\"KeySchema\":[{\"AttributeName\":\"g\",\"KeyType\":"
            + "\"HASH\"},{\"AttributeName\":\"n\",\"KeyType\":\"RANGE\"}],\"Projection\":{\"ProjectionType\":\"ALL\"}}],"
            + "\"BillingMode\":\"PAY_PER_REQUEST\"}";

    /** A started server and where it listens. */
    record Running(AutoCloseable server, URI endpoint) {}

    private BenchServers() {}

    /** Starts {@code name}: {@code partita} (in memory), {@code local} (DynamoDB Local) or {@code floor}. */
    static Running start(String name) throws Exception {
        switch (name) {
            case "partita" -> {
                PartitaServer s =
                        PartitaServer.start(PartitaServer.Options.defaults().port(0), Storage.inMemory());
                return new Running(s, s.endpoint());
            }
            case "local" -> {
                LocalHttp l = new LocalHttp();
                return new Running(l, l.endpoint());
            }
            case "floor" -> {
                FloorServer f = new FloorServer(ServerBench.floorBodies());
                return new Running(f, f.endpoint());
            }
            default -> throw new IllegalArgumentException("unknown server '" + name + "': partita, local or floor");
        }
    }

    /** Creates the {@code Bench} table over one raw connection. */
    static void createTable(URI endpoint) throws IOException {
        try (RawConnection c = new RawConnection(endpoint)) {
            c.exchange(SignedRequests.build(endpoint, "CreateTable", CREATE_TABLE));
        }
    }

    /** An item's JSON: {@code pk} k{@code i}, group {@code g}, number {@code n} and a few more attributes. */
    static String item(int i) {
        return "{\"pk\":{\"S\":\"k" + i + "\"},\"g\":{\"S\":\"g" + (i % GROUPS) + "\"},\"n\":{\"N\":\"" + i
                + "\"},\"title\":{\"S\":\"item number " + i + "\"},\"tags\":{\"SS\":[\"a\",\"b\",\"c\"]},"
                + "\"score\":{\"N\":\"" + (i * 7 % 1000) + "\"}}";
    }
}
