package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.Limits;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB's request limits as the core enforces them for every caller (the server and embedded users alike), each
 * at the limit (accepted) and one past it (refused, nothing written): document nesting, a transaction's 4 MB,
 * {@code ClientRequestToken}'s length, a BatchWriteItem table with no requests.
 */
class RequestLimitsConformanceTest {
    private Storage db;

    @BeforeEach
    void open() {
        db = TestStorage.create();
        db.createTable(Fx.thread());
    }

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    /** A value nesting {@code levels} levels: lists and maps alternating, a string at the bottom. */
    private static AttributeValue nested(int levels) {
        AttributeValue v = s("x");
        for (int i = 0; i < levels; i++) {
            v = i % 2 == 0 ? AttributeValue.l(v) : AttributeValue.m(Map.of("a", v));
        }
        return v;
    }

    private static Map<String, AttributeValue> thread(String subject) {
        return item("ForumName", s("f"), "Subject", s(subject));
    }

    private static Map<String, AttributeValue> with(Map<String, AttributeValue> item, String name, AttributeValue v) {
        Map<String, AttributeValue> out = new LinkedHashMap<>(item);
        out.put(name, v);
        return out;
    }

    @Test
    void aDocumentNests32LevelsAndNoMore() {
        db.putItem(PutItemRequest.builder()
                .tableName("Thread")
                .item(with(thread("ok"), "doc", nested(Limits.MAX_DOCUMENT_LEVELS)))
                .build());
        assertThatThrownBy(() -> db.putItem(PutItemRequest.builder()
                        .tableName("Thread")
                        .item(with(thread("deep"), "doc", nested(Limits.MAX_DOCUMENT_LEVELS + 1)))
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Nesting Levels have exceeded supported limits: Attributes in the item have nested levels "
                        + "beyond supported limit (attribute doc nests more than 32 levels of maps and lists)");
        // an update that would nest deeper is refused the same way
        assertThatThrownBy(() -> db.updateItem(UpdateItemRequest.builder()
                        .tableName("Thread")
                        .key(thread("ok"))
                        .updateExpression("SET doc = :v")
                        .expressionAttributeValues(Map.of(":v", nested(40)))
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Nesting Levels have exceeded supported limits");
        assertThat(Fx.scanAll(db, "Thread")).hasSize(1);
    }

    @Test
    void aTransactionCarriesAtMost4Mb() {
        // 10 puts of 400 KB: the 11th byte past 4 MB is in the 11th put; 10 fit
        String pad = "x".repeat(Limits.MAX_ITEM_BYTES - 100);
        List<TransactWriteItem> fits = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            fits.add(
                    new TransactWriteItem.Put("Thread", with(thread("a" + i), "pad", s(pad)), null, null, null, false));
        }
        db.transactWriteItems(
                TransactWriteItemsRequest.builder().transactItems(fits).build());
        List<TransactWriteItem> tooMuch = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            tooMuch.add(
                    new TransactWriteItem.Put("Thread", with(thread("b" + i), "pad", s(pad)), null, null, null, false));
        }
        assertThatThrownBy(() -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(tooMuch)
                        .build()))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Transaction payload size cannot exceed 4MB. Payload Size: ");
        assertThat(Fx.scanAll(db, "Thread")).hasSize(10);
    }

    @Test
    void aClientRequestTokenHas1To36Characters() {
        List<TransactWriteItem> put =
                List.of(new TransactWriteItem.Put("Thread", thread("t"), null, null, null, false));
        for (String bad : List.of("", "a".repeat(37))) {
            assertThatThrownBy(() -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                            .transactItems(put)
                            .clientRequestToken(bad)
                            .build()))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining(
                            "at 'clientRequestToken' failed to satisfy constraint: Member must have length");
        }
        assertThat(Fx.scanAll(db, "Thread")).isEmpty();
        db.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(put)
                .clientRequestToken("a".repeat(36))
                .build());
        assertThat(Fx.scanAll(db, "Thread")).hasSize(1);
    }

    @Test
    void aBatchWriteNamesNoTableWithoutRequests() {
        Map<String, List<WriteRequest>> items = new LinkedHashMap<>();
        items.put("Thread", List.of());
        assertThatThrownBy(() -> db.batchWriteItem(
                        BatchWriteItemRequest.builder().requestItems(items).build()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("1 validation error detected: Value '{Thread=[]}' at 'requestItems' failed to satisfy "
                        + "constraint: Map value must satisfy constraint: [Member must have length less than or equal "
                        + "to 25, Member must have length greater than or equal to 1]");
    }
}
