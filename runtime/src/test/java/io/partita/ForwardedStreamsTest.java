package io.partita;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.spi.ForwardingBackend;
import io.partita.spi.RetryingBackend;
import io.partita.spi.TableNamingBackend;
import io.partita.storage.Backend;
import io.partita.storage.Storage;
import io.partita.storage.api.DescribeStreamRequest;
import io.partita.storage.api.GetRecordsRequest;
import io.partita.storage.api.GetShardIteratorRequest;
import io.partita.storage.api.ListStreamsRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ShardIteratorType;
import io.partita.storage.api.StreamDescription;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamSpecification;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The backend decorators pass the DynamoDB Streams operations on (rather than answering with the interface's
 * "does not serve DynamoDB Streams"), and the table-naming one names the deployed table where a call names a table.
 */
class ForwardedStreamsTest {
    /** A decorator that overrides nothing: what every decorator inherits. */
    private static final class Plain extends ForwardingBackend {
        Plain(Backend delegate) {
            super(delegate);
        }
    }

    @Test
    void decoratorsForwardTheStreamOperations() {
        try (Storage storage = Storage.inMemory()) {
            Backend backend = new TableNamingBackend(
                    new RetryingBackend(new Plain(storage), RetryPolicy::defaults), name -> "prod-" + name);
            backend.createTable(TableDefinition.builder("Orders")
                    .partitionKey(KeyAttribute.s("id"))
                    .build());
            String arn = backend.updateStreamSpecification(
                            "Orders", StreamSpecification.enabled(StreamViewType.KEYS_ONLY))
                    .latestStreamArn();
            assertThat(arn).contains(":table/prod-Orders/stream/");
            backend.putItem(PutItemRequest.builder()
                    .tableName("Orders")
                    .item(Map.of("id", AttributeValue.s("o1")))
                    .build());
            assertThat(backend.listStreams(ListStreamsRequest.of("Orders")).streams())
                    .singleElement()
                    .satisfies(s -> assertThat(s.tableName()).isEqualTo("prod-Orders"));
            StreamDescription d = backend.describeStream(DescribeStreamRequest.of(arn));
            String iterator = backend.getShardIterator(GetShardIteratorRequest.of(
                            arn, d.shards().get(0).shardId(), ShardIteratorType.TRIM_HORIZON))
                    .shardIterator();
            assertThat(backend.getRecords(GetRecordsRequest.of(iterator)).records())
                    .singleElement()
                    .satisfies(r -> assertThat(r.keys()).isEqualTo(Map.of("id", AttributeValue.s("o1"))));
        }
    }
}
