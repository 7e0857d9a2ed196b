package io.partita.dynamodb.streams;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.dynamodb.DynamoDbBackend;
import io.partita.dynamodb.DynamoDbLocalHttp;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.Shard;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamEventName;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A backend given no streams client builds one from its DynamoDB client's region, endpoint and credentials: over
 * DynamoDB Local's HTTP server, with an asynchronous client (an asynchronous streams client) and a blocking one.
 */
class StreamsClientFromConfigurationTest {
    static final String T = "Events";

    @BeforeEach
    void empty() {
        DynamoDbLocalHttp.deleteAllTables();
    }

    @Test
    void anAsynchronousClientsBackendReadsStreamsThroughAnAsynchronousStreamsClient() {
        DynamoDbBackend db = new DynamoDbBackend(DynamoDbLocalHttp.client());
        try {
            assertThat(writeAndRead(db)).extracting(StreamRecord::eventName).containsExactly(StreamEventName.INSERT);
        } finally {
            db.close();
        }
    }

    @Test
    void aBlockingClientsBackendBuildsABlockingStreamsClientAndClosesIt() {
        DynamoDbAsyncClient async = DynamoDbLocalHttp.client();
        var config = async.serviceClientConfiguration();
        DynamoDbClient blocking = DynamoDbClient.builder()
                .endpointOverride(config.endpointOverride().orElseThrow())
                .region(config.region())
                .credentialsProvider(config.credentialsProvider())
                .build();
        DynamoDbBackend db = new DynamoDbBackend(blocking, true, Duration.ofMinutes(1));
        try {
            List<StreamRecord> records = writeAndRead(db);
            assertThat(records)
                    .singleElement()
                    .satisfies(r -> assertThat(r.keys()).isEqualTo(Map.of("Source", s("web"), "At", n(1))));
        } finally {
            db.close();
        }
    }

    private static List<StreamRecord> writeAndRead(DynamoDbBackend db) {
        db.createTable(TableDefinition.builder(T)
                .partitionKey(KeyAttribute.s("Source"))
                .sortKey(KeyAttribute.n("At"))
                .streamSpecification(io.partita.storage.schema.StreamSpecification.enabled(StreamViewType.NEW_IMAGE))
                .build());
        db.putItem(PutItemRequest.builder()
                .tableName(T)
                .item(Map.of("Source", s("web"), "At", n(1)))
                .build());
        String arn = db.describeTable(T).latestStreamArn();
        Shard shard = db.describeStream(DescribeStreamRequest.of(arn)).shards().get(0);
        String it = db.getShardIterator(
                        GetShardIteratorRequest.of(arn, shard.shardId(), ShardIteratorType.TRIM_HORIZON))
                .shardIterator();
        return db.getRecords(GetRecordsRequest.of(it)).records();
    }
}
