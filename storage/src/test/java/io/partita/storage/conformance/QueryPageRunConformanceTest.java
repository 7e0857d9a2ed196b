package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.Select;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A whole small partition read into a page at once (the page takes the run when nothing in it can end the page or be
 * left out) answers exactly as the same read entry by entry: the same items in the same order, counts, consumed
 * capacity, and {@code LastEvaluatedKey} where a {@code Limit} ends the page on the partition's last entry.
 */
class QueryPageRunConformanceTest {
    private static final int ENTRIES = 7;

    private Storage db;

    @BeforeEach
    void open() {
        db = TestStorage.create();
        db.createTable(TableDefinition.builder("Runs")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .build());
        for (int i = 0; i < ENTRIES; i++) {
            put(db, "Runs", item("pk", s("p"), "sk", n(i), "v", s("x".repeat(100 * i + 1))));
        }
    }

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    private QueryRequest.Builder whole(boolean forward) {
        return QueryRequest.builder()
                .tableName("Runs")
                .keyConditionExpression("pk = :p")
                .expressionAttributeValues(vals(":p", s("p")))
                .scanIndexForward(forward)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
    }

    @Test
    @DisplayName("A whole-partition page read at once equals the same page read entry by entry (a filter keeping all)")
    void aRunReadsAsEntryByEntry() {
        for (boolean forward : new boolean[] {true, false}) {
            QueryResponse run = db.query(whole(forward).build());
            QueryResponse oneByOne = db.query(
                    whole(forward).filterExpression("attribute_exists(v)").build());
            assertThat(run.items()).containsExactlyElementsOf(oneByOne.items());
            assertThat(run.items()).hasSize(ENTRIES);
            assertThat(run.items().get(0).get("sk")).isEqualTo(n(forward ? 0 : ENTRIES - 1));
            assertThat(run.count()).isEqualTo(oneByOne.count()).isEqualTo(ENTRIES);
            assertThat(run.scannedCount()).isEqualTo(oneByOne.scannedCount()).isEqualTo(ENTRIES);
            assertThat(run.consumedCapacity()).isEqualTo(oneByOne.consumedCapacity());
            assertThat(run.lastEvaluatedKey()).isNull();
            assertThat(db.query(whole(forward).limit(ENTRIES + 1).build())).isEqualTo(run);
        }
    }

    @Test
    @DisplayName("DynamoDB Limit: a Limit reached on the partition's last entry still ends the page with its key")
    void aLimitEndingOnTheLastEntrySetsTheLastEvaluatedKey() {
        for (boolean forward : new boolean[] {true, false}) {
            QueryResponse r = db.query(whole(forward).limit(ENTRIES).build());
            assertThat(r.items()).hasSize(ENTRIES);
            assertThat(r.lastEvaluatedKey()).isEqualTo(item("pk", s("p"), "sk", n(forward ? ENTRIES - 1 : 0)));
            QueryResponse shorter = db.query(whole(forward).limit(ENTRIES - 1).build());
            assertThat(shorter.items()).hasSize(ENTRIES - 1);
            assertThat(shorter.lastEvaluatedKey()).isEqualTo(item("pk", s("p"), "sk", n(forward ? ENTRIES - 2 : 1)));
        }
        QueryResponse count = db.query(whole(true).select(Select.COUNT).build());
        assertThat(count.count()).isEqualTo(ENTRIES);
        assertThat(count.items()).isEmpty();
    }
}
