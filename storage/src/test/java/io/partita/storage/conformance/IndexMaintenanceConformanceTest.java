package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.queryItems;
import static io.partita.storage.conformance.Fx.scanAll;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.partita.storage.Storage;
import io.partita.storage.TestStorage;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * DynamoDB semantics, "Tables and indexes" on every write path (PutItem, UpdateItem, BatchWriteItem, TransactWriteItems):
 * sparse indexes, projections, key moves, deletes, wrong-typed index keys rejected with nothing written.
 */
class IndexMaintenanceConformanceTest {
    static final String T = "Shop";
    private Storage db;

    /** The ways an item can be written. */
    enum Path {
        PUT,
        UPDATE,
        BATCH_WRITE,
        TRANSACT_PUT,
        TRANSACT_UPDATE
    }

    /** The ways an item can be deleted. */
    enum DeletePath {
        DELETE,
        BATCH_WRITE,
        TRANSACT
    }

    @BeforeEach
    void open() {
        db = TestStorage.create();
        db.createTable(TableDefinition.builder(T)
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.s("sk"))
                .globalSecondaryIndex(
                        "ByCatKeys", KeyAttribute.s("cat"), KeyAttribute.n("price"), Projection.keysOnly())
                .globalSecondaryIndex("ByCatInc", KeyAttribute.s("cat"), null, Projection.include("name"))
                .globalSecondaryIndex("ByCatAll", KeyAttribute.s("cat"), KeyAttribute.n("price"), Projection.all())
                .localSecondaryIndex("ByPrice", KeyAttribute.n("price"), Projection.keysOnly())
                .build());
    }

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return item("pk", s(pk), "sk", s(sk));
    }

    /** Writes {@code item} (whole-item semantics: attributes absent from {@code item} are removed) by the given path. */
    private void write(Path path, Map<String, AttributeValue> item) {
        Map<String, AttributeValue> k = key(item.get("pk").asS(), item.get("sk").asS());
        switch (path) {
            case PUT ->
                db.putItem(PutItemRequest.builder().tableName(T).item(item).build());
            case BATCH_WRITE ->
                db.batchWriteItem(BatchWriteItemRequest.builder()
                        .requestItems(Map.of(T, List.of(new WriteRequest.Put(item))))
                        .build());
            case TRANSACT_PUT ->
                db.transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(List.of(TransactWriteItem.put(T, item)))
                        .build());
            case UPDATE, TRANSACT_UPDATE -> {
                StringBuilder set = new StringBuilder();
                StringBuilder remove = new StringBuilder();
                Map<String, String> names = new LinkedHashMap<>();
                Map<String, AttributeValue> values = new LinkedHashMap<>();
                int i = 0;
                for (String a : List.of("cat", "price", "name", "other")) {
                    names.put("#a" + i, a);
                    if (item.containsKey(a)) {
                        set.append(set.length() == 0 ? "SET " : ", ")
                                .append("#a")
                                .append(i)
                                .append(" = :v")
                                .append(i);
                        values.put(":v" + i, item.get(a));
                    } else {
                        remove.append(remove.length() == 0 ? " REMOVE " : ", ")
                                .append("#a")
                                .append(i);
                    }
                    i++;
                }
                String expr = (set + remove.toString()).trim();
                if (path == Path.UPDATE) {
                    db.updateItem(UpdateItemRequest.builder()
                            .tableName(T)
                            .key(k)
                            .updateExpression(expr)
                            .expressionAttributeNames(names)
                            .expressionAttributeValues(values.isEmpty() ? null : values)
                            .build());
                } else {
                    db.transactWriteItems(TransactWriteItemsRequest.builder()
                            .transactItems(List.of(
                                    TransactWriteItem.update(T, k, expr, names, values.isEmpty() ? null : values)))
                            .build());
                }
            }
            default -> throw new IllegalStateException();
        }
    }

    private void delete(DeletePath path, Map<String, AttributeValue> key) {
        switch (path) {
            case DELETE ->
                db.deleteItem(DeleteItemRequest.builder().tableName(T).key(key).build());
            case BATCH_WRITE ->
                db.batchWriteItem(BatchWriteItemRequest.builder()
                        .requestItems(Map.of(T, List.of(new WriteRequest.Delete(key))))
                        .build());
            case TRANSACT ->
                db.transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(List.of(TransactWriteItem.delete(T, key)))
                        .build());
            default -> throw new IllegalStateException();
        }
    }

    private List<Map<String, AttributeValue>> byCat(String index, String cat) {
        return queryItems(db, T, index, "cat = :c", vals(":c", s(cat)));
    }

    private List<Map<String, AttributeValue>> byPrice(String pk) {
        return queryItems(db, T, "ByPrice", "pk = :p", vals(":p", s(pk)));
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    @DisplayName(
            "Seed 000 'A global secondary index only keeps track of data items where its key attribute(s) actually exist' (and LSIs)")
    void sparseOnEveryWritePath(Path path) {
        write(path, item("pk", s("p"), "sk", s("a"), "cat", s("books"), "name", s("Dune")));
        assertThat(byCat("ByCatKeys", "books"))
                .as("no price: absent from (cat, price) index")
                .isEmpty();
        assertThat(byCat("ByCatAll", "books")).isEmpty();
        assertThat(byPrice("p")).as("no price: absent from the LSI").isEmpty();
        assertThat(byCat("ByCatInc", "books")).as("cat alone keys ByCatInc").hasSize(1);

        write(path, item("pk", s("p"), "sk", s("a"), "cat", s("books"), "name", s("Dune"), "price", n(9)));
        assertThat(byCat("ByCatKeys", "books")).hasSize(1);
        assertThat(byCat("ByCatAll", "books")).hasSize(1);
        assertThat(byPrice("p")).hasSize(1);

        // Removing the key attribute drops the entry (DYNAMODB-LOCAL.md: "REMOVE of the key drops it").
        write(path, item("pk", s("p"), "sk", s("a"), "name", s("Dune"), "price", n(9)));
        assertThat(byCat("ByCatKeys", "books")).isEmpty();
        assertThat(byCat("ByCatInc", "books")).isEmpty();
        assertThat(byCat("ByCatAll", "books")).isEmpty();
        assertThat(byPrice("p")).as("price still there: still in the LSI").hasSize(1);
        assertThat(scanAll(db, T, "ByCatKeys")).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    @DisplayName(
            "Seed 000 projections: 'KEYS_ONLY – ... only ... the table partition key and sort key values, plus the index key values'; INCLUDE; ALL")
    void projectionsOnEveryWritePath(Path path) {
        Map<String, AttributeValue> full =
                item("pk", s("p"), "sk", s("a"), "cat", s("books"), "name", s("Dune"), "price", n(9), "other", s("x"));
        write(path, full);
        assertThat(scanAll(db, T, "ByCatKeys"))
                .containsExactly(item("pk", s("p"), "sk", s("a"), "cat", s("books"), "price", n(9)));
        assertThat(scanAll(db, T, "ByCatInc"))
                .containsExactly(item("pk", s("p"), "sk", s("a"), "cat", s("books"), "name", s("Dune")));
        assertThat(scanAll(db, T, "ByCatAll")).containsExactly(full);
        assertThat(scanAll(db, T, "ByPrice")).containsExactly(item("pk", s("p"), "sk", s("a"), "price", n(9)));
        // A projected attribute changes: INCLUDE and ALL entries follow, KEYS_ONLY unchanged.
        Map<String, AttributeValue> renamed = new LinkedHashMap<>(full);
        renamed.put("name", s("Dune Messiah"));
        renamed.put("other", s("y"));
        write(path, renamed);
        assertThat(scanAll(db, T, "ByCatInc")).extracting(e -> e.get("name")).containsExactly(s("Dune Messiah"));
        assertThat(scanAll(db, T, "ByCatAll")).containsExactly(renamed);
        assertThat(scanAll(db, T, "ByCatKeys"))
                .containsExactly(item("pk", s("p"), "sk", s("a"), "cat", s("books"), "price", n(9)));
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    @DisplayName(
            "DynamoDB semantics, 'A write that changes an index key moves the entry (delete + put)': old entry gone")
    void keyMovesOnEveryWritePath(Path path) {
        write(path, item("pk", s("p"), "sk", s("a"), "cat", s("books"), "price", n(9)));
        write(path, item("pk", s("p"), "sk", s("a"), "cat", s("music"), "price", n(12)));
        assertThat(byCat("ByCatKeys", "books")).isEmpty();
        assertThat(byCat("ByCatInc", "books")).isEmpty();
        assertThat(byCat("ByCatAll", "books")).isEmpty();
        assertThat(byCat("ByCatKeys", "music")).extracting(e -> e.get("price")).containsExactly(n(12));
        assertThat(byPrice("p")).extracting(e -> e.get("price")).containsExactly(n(12));
        assertThat(queryItems(db, T, "ByPrice", "pk = :p AND price = :v", vals(":p", s("p"), ":v", n(9))))
                .isEmpty();
        assertThat(scanAll(db, T, "ByCatAll")).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(DeletePath.class)
    @DisplayName(
            "Seed 000 'When an application writes or deletes items in a table, any global secondary indexes ... are updated'")
    void deleteRemovesEveryIndexEntry(DeletePath path) {
        write(Path.PUT, item("pk", s("p"), "sk", s("a"), "cat", s("books"), "price", n(9), "name", s("Dune")));
        write(Path.PUT, item("pk", s("p"), "sk", s("b"), "cat", s("books"), "price", n(3)));
        delete(path, key("p", "a"));
        assertThat(byCat("ByCatKeys", "books")).extracting(e -> e.get("sk")).containsExactly(s("b"));
        assertThat(byCat("ByCatInc", "books")).extracting(e -> e.get("sk")).containsExactly(s("b"));
        assertThat(byCat("ByCatAll", "books")).extracting(e -> e.get("sk")).containsExactly(s("b"));
        assertThat(byPrice("p")).extracting(e -> e.get("sk")).containsExactly(s("b"));
    }

    @ParameterizedTest
    @EnumSource(
            value = Path.class,
            names = {"PUT", "UPDATE", "BATCH_WRITE"})
    @DisplayName(
            "Seed 000 'If you attempt to add an item ... and specify a different data type ... DynamoDB will return a ValidationException'")
    void wrongTypedGsiKeyRejectedNothingWritten(Path path) {
        write(Path.PUT, item("pk", s("p"), "sk", s("a"), "cat", s("books"), "price", n(9)));
        var before = Fx.snapshot(db, T);
        assertThatThrownBy(() -> write(path, item("pk", s("p"), "sk", s("a"), "cat", n(1), "price", n(9))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("cat")
                .hasMessageContaining("Type mismatch");
        assertThatThrownBy(
                        () -> write(path, item("pk", s("p"), "sk", s("new"), "cat", s("books"), "price", s("cheap"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("price");
        assertThat(Fx.snapshot(db, T)).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(
            value = Path.class,
            names = {"PUT", "UPDATE", "BATCH_WRITE"})
    @DisplayName(
            "Seed 001 'If you try to add an item ... and specify a different data type for LastPostDateTime ... ValidationException' (LSI key)")
    void wrongTypedLsiKeyRejectedNothingWritten(Path path) {
        // price is both the LSI sort key and a GSI sort key here; use an item without cat so only the LSI applies.
        write(Path.PUT, item("pk", s("p"), "sk", s("a"), "price", n(9)));
        var before = Fx.snapshot(db, T);
        assertThatThrownBy(() -> write(path, item("pk", s("p"), "sk", s("a"), "price", s("nine"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("price");
        assertThat(Fx.snapshot(db, T)).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(
            value = Path.class,
            names = {"TRANSACT_UPDATE"})
    @DisplayName(
            "DYNAMODB-LOCAL.md 'in TransactWriteItems a TransactionCanceledException with reason ValidationError' for a wrong-typed index key")
    void wrongTypedIndexKeyInTransactionIsCancelledWithValidationError(Path path) {
        write(Path.PUT, item("pk", s("p"), "sk", s("a"), "cat", s("books"), "price", n(9)));
        var before = Fx.snapshot(db, T);
        Throwable t = catchThrowable(() -> write(path, item("pk", s("p"), "sk", s("a"), "cat", n(1), "price", n(9))));
        assertThat(t).isInstanceOf(TransactionCanceledException.class);
        assertThat(((TransactionCanceledException) t).reasons())
                .extracting(TransactionCanceledException.CancellationReason::code)
                .containsExactly("ValidationError");
        assertThat(Fx.snapshot(db, T)).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(
            value = Path.class,
            names = {"TRANSACT_UPDATE"})
    @DisplayName(
            "TransactWriteItems is all-or-nothing: a wrong-typed index key in one action cancels the others (reasons None + ValidationError)")
    void wrongTypedIndexKeyCancelsTheWholeTransaction(Path path) {
        write(Path.PUT, item("pk", s("p"), "sk", s("a"), "cat", s("books"), "price", n(9)));
        var before = Fx.snapshot(db, T);
        TransactWriteItem good =
                TransactWriteItem.put(T, item("pk", s("p"), "sk", s("b"), "cat", s("books"), "price", n(1)));
        TransactWriteItem bad = path == Path.TRANSACT_PUT
                ? TransactWriteItem.put(T, item("pk", s("p"), "sk", s("a"), "cat", s("books"), "price", s("x")))
                : TransactWriteItem.update(T, key("p", "a"), "SET price = :x", null, vals(":x", s("x")));
        Throwable t = catchThrowable(() -> db.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(List.of(good, bad))
                .build()));
        assertThat(t).isInstanceOf(TransactionCanceledException.class);
        assertThat(((TransactionCanceledException) t).reasons())
                .extracting(TransactionCanceledException.CancellationReason::code)
                .containsExactly("None", "ValidationError");
        assertThat(Fx.snapshot(db, T)).isEqualTo(before);
    }

    @org.junit.jupiter.api.Test
    @DisplayName(
            "DYNAMODB-LOCAL.md 'in TransactWriteItems a TransactionCanceledException with reason ValidationError' (Put action)")
    void wrongTypedIndexKeyInTransactPutIsCancelledWithValidationError() {
        wrongTypedIndexKeyInTransactionIsCancelledWithValidationError(Path.TRANSACT_PUT);
    }

    @org.junit.jupiter.api.Test
    @DisplayName(
            "TransactWriteItems all-or-nothing with a wrong-typed index key in a Put action: reasons None + ValidationError")
    void wrongTypedIndexKeyInTransactPutCancelsTheWholeTransaction() {
        wrongTypedIndexKeyCancelsTheWholeTransaction(Path.TRANSACT_PUT);
    }

    @ParameterizedTest
    @EnumSource(
            value = Path.class,
            names = {"PUT", "UPDATE", "BATCH_WRITE", "TRANSACT_PUT", "TRANSACT_UPDATE"})
    @DisplayName("Index keys of a non-scalar type (BOOL, L) are type mismatches too, never indexed")
    void nonScalarValueForIndexKeyRejected(Path path) {
        var before = Fx.snapshot(db, T);
        Throwable t =
                catchThrowable(() -> write(path, item("pk", s("p"), "sk", s("z"), "cat", AttributeValue.bool(true))));
        assertThat(t).isInstanceOfAny(ValidationException.class, TransactionCanceledException.class);
        assertThat(Fx.snapshot(db, T)).isEqualTo(before);
    }
}
