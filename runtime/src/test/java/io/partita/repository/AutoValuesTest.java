package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Field;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The requests {@code @CreatedAt}/{@code @UpdatedAt}/{@code @Counter} turn into, on a hand-written mapping (what the
 * processor generates for such fields), with the clock of the core's options.
 */
class AutoValuesTest {
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");

    record Doc(String id, String body, Instant created, Long touchedMillis, long reads, Integer credits) {}

    static final TableDefinition TABLE =
            TableDefinition.builder("Docs").partitionKey(KeyAttribute.s("id")).build();
    static final ItemSchema<Doc> SCHEMA = ItemSchema.builder(Doc.class)
            .attribute("id", Doc::id, Codecs.STRING)
            .attribute("body", Doc::body, Codecs.STRING)
            .attribute("created", Doc::created, Codecs.INSTANT)
            .attribute("touched", Doc::touchedMillis, Codecs.LONG)
            .attribute("reads", Doc::reads, Codecs.PRIMITIVE_LONG)
            .attribute("credits", Doc::credits, Codecs.INTEGER)
            .build(v -> new Doc(v.get(0), v.get(1), v.get(2), v.get(3), v.get(4), v.get(5)));
    static final EntityMapping<Doc> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
            .createdAt("created")
            .updatedAtEpochMillis("touched")
            .counter("reads", 1, 0)
            .counter("credits", -2, 10)
            .build();
    static final Field<Doc, String> BODY = Field.of("body", "body", Codecs.STRING);
    static final Field<Doc, Integer> CREDITS = Field.of("credits", "credits", Codecs.INTEGER);

    static final class DocRepository extends EntityRepository<Doc> {
        DocRepository(Partita db) {
            super(db, MAPPING);
        }

        Update<Doc> update(String id) {
            return update(keyOf(AttributeValue.s(id)));
        }
    }

    private final Partita db = Partita.inMemory(StorageOptions.defaults().withClock(Clock.fixed(NOW, ZoneOffset.UTC)));
    private final DocRepository docs = new DocRepository(db);

    @AfterEach
    void close() {
        ((Storage) db.backend()).checkInvariants();
        db.close();
    }

    @Test
    void theDatabaseTakesTheCoresClock() {
        assertThat(db.clock().instant()).isEqualTo(NOW);
    }

    @Test
    void anUpdateSetsTheTimestampsAndCountsInOneExpression() {
        TransactWriteItem.Update u = docs.update("d1").set(BODY, "text").prepare();
        assertThat(u.updateExpression())
                .isEqualTo("SET #p0 = :p0, #p1 = if_not_exists(#p1, :p1), #p2 = :p2,"
                        + " #p3 = if_not_exists(#p3, :p3) + :p4 ADD #p4 :p5");
        assertThat(u.expressionAttributeNames())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("#p0", "body", "#p1", "created", "#p2", "touched", "#p3", "credits", "#p4", "reads"));
        assertThat(u.expressionAttributeValues())
                .containsEntry(":p1", Codecs.INSTANT.encode(NOW))
                .containsEntry(":p2", AttributeValue.n(NOW.toEpochMilli()))
                .containsEntry(":p3", AttributeValue.n(10))
                .containsEntry(":p4", AttributeValue.n(-2))
                .containsEntry(":p5", AttributeValue.n(1));
    }

    @Test
    void explicitValuesReplaceTheAutomaticOnes() {
        Doc d = docs.update("d1").add(CREDITS, 5).execute();
        assertThat(d).isEqualTo(new Doc("d1", null, NOW, NOW.toEpochMilli(), 1, 15));
        assertThat(docs.update("d1").set(CREDITS, 3).execute().credits()).isEqualTo(3);
    }

    @Test
    void aPutFillsWhatTheEntityLeavesOpenAndReturnsTheStoredEntity() {
        Instant earlier = NOW.minusSeconds(60);
        assertThat(docs.put(new Doc("d1", "a", null, 5L, 0, null)))
                .isEqualTo(new Doc("d1", "a", NOW, NOW.toEpochMilli(), 0, 10));
        assertThat(docs.put(new Doc("d2", "b", earlier, null, 7, 3)))
                .isEqualTo(new Doc("d2", "b", earlier, NOW.toEpochMilli(), 7, 3));
        Map<String, AttributeValue> item =
                docs.preparePut(new Doc("d3", "c", null, null, 0, null), null).item();
        assertThat(item).containsEntry("credits", AttributeValue.n(10)).containsEntry("reads", AttributeValue.n(0));
    }
}
