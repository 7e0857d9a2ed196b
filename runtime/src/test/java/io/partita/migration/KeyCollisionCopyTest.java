package io.partita.migration;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A table copy meets two old items whose new keys are the same: whichever it copies first stays, the other is a
 * conflict named in the report of every run (dry runs included) and never overwrites it, whether the two are in one
 * Scan page, in different pages or in different segments; removing one of them lets the copy complete. And a dry run
 * of a copy whose new table is still to be created is not complete, even with nothing to copy.
 */
class KeyCollisionCopyTest {
    private static final int ORDERS = 40;

    private static Map<String, AttributeValue> get(Partita db, String table, Map<String, AttributeValue> key) {
        return db.requests()
                .getItem(GetItemRequest.builder()
                        .tableName(table)
                        .key(key)
                        .consistentRead(true)
                        .build())
                .item();
    }

    /** Order 5 stored a second time under another old key, with another amount: both copy to the same new key. */
    private static Map<String, AttributeValue> seedWithTwin(Partita db) {
        ShopDesign.seed(db, ORDERS, 0);
        Map<String, AttributeValue> twin = new HashMap<>(ShopDesign.v1(5));
        twin.put("PK", AttributeValue.s("ORDER#o5-again"));
        twin.put("Amount", AttributeValue.n("999"));
        db.requests()
                .putItem(PutItemRequest.builder()
                        .tableName(ShopDesign.TABLE)
                        .item(twin)
                        .build());
        return Map.of("PK", twin.get("PK"), "SK", twin.get("SK"));
    }

    @Test
    void twoOldItemsWithOneNewKeyAreAConflictInEveryRunAndTheFirstCopyStays() {
        int[][] layouts = {{1, 1}, {1, 3}, {2, 2}, {100, 1}}; // page size, segments
        for (int[] layout : layouts) {
            try (Partita db = Partita.inMemory()) {
                Map<String, AttributeValue> twinKey = seedWithTwin(db);
                Migration m = Migrations.on(db).plan(KeyChangeDesign.COPY_PLAN);
                MigrationOptions options =
                        MigrationOptions.defaults().withPageSize(layout[0]).withSegments(layout[1]);
                String newKey = TableCopy.describeKey(KeyChangeDesign.copiedKey(5));

                MigrationReport first = m.apply(options);
                System.out.println(first);
                assertThat(first.conflicts())
                        .as("layout %s/%s", layout[0], layout[1])
                        .isEqualTo(1);
                assertThat(first.conflictKeys()).containsExactly(newKey);
                assertThat(first.complete()).isFalse();
                assertThat(first.rewritten()).isEqualTo(ORDERS);
                assertThat(first.toString()).contains("1 conflicts at new keys [" + newKey + "]");
                Map<String, AttributeValue> kept = get(db, m.targetTable(), KeyChangeDesign.copiedKey(5));
                assertThat(kept.get(TableCopy.MARKER))
                        .as("the marker stays until the copy completes")
                        .isNotNull();

                for (int run = 0; run < 2; run++) {
                    MigrationReport again = m.apply(options);
                    assertThat(again.conflicts()).isEqualTo(1);
                    assertThat(again.conflictKeys()).containsExactly(newKey);
                    assertThat(again.rewritten()).isZero();
                    assertThat(again.complete()).isFalse();
                    assertThat(get(db, m.targetTable(), KeyChangeDesign.copiedKey(5)))
                            .as("the first copy stays")
                            .isEqualTo(kept);
                }
                MigrationReport dry = m.dryRun(options);
                assertThat(dry.conflicts()).isEqualTo(1);
                assertThat(dry.conflictKeys()).containsExactly(newKey);
                assertThat(dry.complete()).isFalse();

                // the owner removes the item that lost (the twin, unless the twin was copied first)
                boolean twinKept = kept.get(TableCopy.MARKER).equals(TableCopy.marker(twinKey));
                Map<String, AttributeValue> loser = twinKept ? ShopDesign.v1Key(5) : twinKey;
                db.requests()
                        .deleteItem(DeleteItemRequest.builder()
                                .tableName(ShopDesign.TABLE)
                                .key(loser)
                                .build());
                MigrationReport last = m.apply(options);
                assertThat(last.complete()).as(last.toString()).isTrue();
                assertThat(last.rewritten()).isZero();
                Map<String, AttributeValue> copied = get(db, m.targetTable(), KeyChangeDesign.copiedKey(5));
                assertThat(copied.get("Total")).isEqualTo(twinKept ? AttributeValue.n("999") : AttributeValue.n("50"));
                assertThat(copied).doesNotContainKey(TableCopy.MARKER);
                assertThat(get(db, m.targetTable(), KeyChangeDesign.copiedKey(6)))
                        .doesNotContainKey(TableCopy.MARKER);
                assertThat(m.dryRun(options).complete()).isTrue();
            }
        }
    }

    @Test
    void aDryRunOfACopyIntoATableStillToCreateIsNotCompleteEvenWithNothingToCopy() {
        try (Partita db = Partita.inMemory()) {
            db.tables().create(ShopDesign.V1);
            Migration m = Migrations.on(db).plan(KeyChangeDesign.COPY_PLAN);
            MigrationReport dry = m.dryRun();
            assertThat(dry.scanned()).isZero();
            assertThat(dry.rewritten()).isZero();
            assertThat(dry.tableToCreate()).isTrue();
            assertThat(dry.complete()).isFalse();
            assertThat(dry.toString()).contains("table " + m.targetTable() + " to create");

            MigrationReport r = m.apply();
            assertThat(r.complete()).isTrue();
            assertThat(r.tableToCreate()).isFalse();
            assertThat(m.dryRun().complete()).isTrue();
        }
    }
}
