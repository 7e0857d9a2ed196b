package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Condition;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A put without a condition on an entity without {@code @Version} builds its PutItem straight from the mapped item;
 * every put must still send exactly the request {@link EntityRepository#preparePut} describes (which transactions and
 * batches send), for plain, versioned and automatically valued entities, with and without a condition.
 */
class PutRequestTest {
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");

    record Doc(String id, String body, Long version, Instant created) {}

    static final TableDefinition TABLE =
            TableDefinition.builder("Docs").partitionKey(KeyAttribute.s("id")).build();
    static final ItemSchema<Doc> SCHEMA = ItemSchema.builder(Doc.class)
            .attribute("id", Doc::id, Codecs.STRING)
            .attribute("body", Doc::body, Codecs.STRING)
            .attribute("version", Doc::version, Codecs.LONG)
            .attribute("created", Doc::created, Codecs.INSTANT)
            .build(v -> new Doc(v.get(0), v.get(1), v.get(2), v.get(3)));

    static final class DocRepository extends EntityRepository<Doc> {
        DocRepository(Partita db, EntityMapping<Doc> mapping) {
            super(db, mapping);
        }
    }

    private final Partita db =
            Partita.inMemory(io.partita.storage.StorageOptions.defaults().withClock(Clock.fixed(NOW, ZoneOffset.UTC)));

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void everyPutSendsTheRequestPreparePutDescribes() {
        List<EntityMapping<Doc>> mappings = List.of(
                EntityMapping.builder(TABLE, SCHEMA).build(),
                EntityMapping.builder(TABLE, SCHEMA).version("version").build(),
                EntityMapping.builder(TABLE, SCHEMA).createdAt("created").build(),
                EntityMapping.builder(TABLE, SCHEMA)
                        .version("version")
                        .createdAt("created")
                        .build());
        List<Doc> docs = List.of(
                new Doc("d1", "a", null, null),
                new Doc("d2", null, 3L, NOW.minusSeconds(5)),
                new Doc("d3", "c", 0L, null));
        List<Condition> conditions = java.util.Arrays.asList(
                null, Condition.attributeNotExists("id"), Condition.eq("body", AttributeValue.s("a")));
        List<EntityRepository.Ask> asks = List.of(
                EntityRepository.Ask.NONE,
                new EntityRepository.Ask(ReturnConsumedCapacity.TOTAL, false),
                new EntityRepository.Ask(ReturnConsumedCapacity.INDEXES, true));
        int checked = 0;
        for (EntityMapping<Doc> mapping : mappings) {
            DocRepository repo = new DocRepository(db, mapping);
            for (Doc doc : docs) {
                for (Condition condition : conditions) {
                    for (EntityRepository.Ask ask : asks) {
                        PutItemRequest request = repo.putRequest(doc, condition, ask);
                        TransactWriteItem.Put put = repo.preparePut(doc, condition);
                        PutItemRequest expected = new PutItemRequest(
                                put.tableName(),
                                put.item(),
                                put.conditionExpression(),
                                put.expressionAttributeNames(),
                                put.expressionAttributeValues(),
                                ReturnValues.NONE,
                                ask.capacity(),
                                ask.itemCollectionMetrics(),
                                false);
                        assertThat(request).as("%s %s %s", doc, condition, ask).isEqualTo(expected);
                        assertThat(List.copyOf(request.item().keySet()))
                                .isEqualTo(List.copyOf(expected.item().keySet()));
                        checked++;
                    }
                }
            }
        }
        assertThat(checked).isEqualTo(4 * 3 * 3 * 3);
    }
}
