package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Condition;
import io.partita.ExpressionBuilder;
import io.partita.generated.QuerySpec;
import io.partita.storage.Storage;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Key conditions rendered once per query shape ({@link KeyConditionForm}, kept on the {@link QuerySpec}) give
 * exactly the request a fresh {@link ExpressionBuilder} renders per query: the same text, names and values, for
 * every shape (equalities, each sort-key operator, scatter attributes appended or replacing a partition value,
 * an attribute named twice, filters), repeated and interleaved on one spec, and past the number of shapes kept.
 */
class KeyConditionFormTest {
    private static final TableDefinition TABLE = TableDefinition.builder("Things")
            .partitionKey(KeyAttribute.s("P"))
            .sortKey(KeyAttribute.s("S"))
            .build();

    private final Storage storage = Storage.inMemory();
    private final QuerySpec<Map<String, AttributeValue>> spec =
            QuerySpec.of(storage, TABLE, null, item -> item, null, false);

    @AfterEach
    void close() {
        storage.close();
    }

    /** A query builder whose key condition a test sets part by part. */
    static final class Probe extends QueryBuilder<Map<String, AttributeValue>, Probe> {
        final LinkedHashMap<String, AttributeValue> partitionParts = new LinkedHashMap<>();
        final LinkedHashMap<String, AttributeValue> sortParts = new LinkedHashMap<>();

        Probe(QuerySpec<Map<String, AttributeValue>> spec) {
            super(spec);
        }

        Probe partition(String attribute, String value) {
            partitionKey(attribute, AttributeValue.s(value));
            partitionParts.put(attribute, AttributeValue.s(value));
            return this;
        }

        Probe sortEqual(String attribute, String value) {
            sortKeyEquals(attribute, AttributeValue.s(value));
            sortParts.put(attribute, AttributeValue.s(value));
            return this;
        }

        Probe range(String attribute, SortOperator op, String first, String second) {
            setRange(new RangeTerm(
                    attribute, op, AttributeValue.s(first), second == null ? null : AttributeValue.s(second)));
            return this;
        }

        Probe scatterOn(String attribute, String... shards) {
            List<AttributeValue> values = new ArrayList<>();
            for (String s : shards) {
                values.add(AttributeValue.s(s));
            }
            scatter(attribute, values);
            return this;
        }
    }

    /** The request as rendered before forms existed: one ExpressionBuilder per request, every time. */
    private static QueryRequest reference(Probe q, AttributeValue shardValue) {
        ExpressionBuilder b = new ExpressionBuilder();
        StringBuilder kce = new StringBuilder();
        Map<String, AttributeValue> partition = q.partitionParts;
        if (q.scatterAttribute != null) {
            partition = new LinkedHashMap<>(partition);
            partition.put(q.scatterAttribute, shardValue);
        }
        for (Map.Entry<String, AttributeValue> e : partition.entrySet()) {
            and(kce).append(b.name(e.getKey())).append(" = ").append(b.value(e.getValue()));
        }
        for (Map.Entry<String, AttributeValue> e : q.sortParts.entrySet()) {
            and(kce).append(b.name(e.getKey())).append(" = ").append(b.value(e.getValue()));
        }
        QueryBuilder.RangeTerm r = q.effectiveRange();
        if (r != null) {
            and(kce);
            String n = b.name(r.attribute());
            switch (r.operator()) {
                case BETWEEN ->
                    kce.append(n)
                            .append(" BETWEEN ")
                            .append(b.value(r.first()))
                            .append(" AND ")
                            .append(b.value(r.second()));
                case BEGINS_WITH ->
                    kce.append("begins_with(")
                            .append(n)
                            .append(", ")
                            .append(b.value(r.first()))
                            .append(')');
                default ->
                    kce.append(n)
                            .append(' ')
                            .append(r.operator().symbol())
                            .append(' ')
                            .append(b.value(r.first()));
            }
        }
        String filter = q.filter == null ? null : q.filter.render(b);
        return QueryRequest.builder()
                .tableName("Things")
                .keyConditionExpression(kce.toString())
                .filterExpression(filter)
                .expressionAttributeNames(b.names())
                .expressionAttributeValues(b.values())
                .build();
    }

    private static StringBuilder and(StringBuilder sb) {
        return sb.length() == 0 ? sb : sb.append(" AND ");
    }

    private void assertSameRequest(Probe q, AttributeValue shardValue) {
        QueryRequest expected = reference(q, shardValue);
        QueryRequest actual = QueryEngine.request(q, shardValue, false).build();
        assertThat(actual.keyConditionExpression()).isEqualTo(expected.keyConditionExpression());
        assertThat(actual.filterExpression()).isEqualTo(expected.filterExpression());
        assertThat(actual.expressionAttributeNames()).isEqualTo(expected.expressionAttributeNames());
        assertThat(actual.expressionAttributeValues()).isEqualTo(expected.expressionAttributeValues());
    }

    private List<Probe> shapes(String v) {
        List<Probe> shapes = new ArrayList<>();
        shapes.add(new Probe(spec).partition("P", v));
        shapes.add(new Probe(spec).partition("P", v).range("S", SortOperator.LT, v + "x", null));
        shapes.add(new Probe(spec).partition("P", v).range("S", SortOperator.GE, v + "y", null));
        shapes.add(new Probe(spec).partition("P", v).range("S", SortOperator.EQ, v + "e", null));
        shapes.add(new Probe(spec).partition("P", v).range("S", SortOperator.BETWEEN, "a" + v, "b" + v));
        shapes.add(new Probe(spec).partition("P", v).range("S", SortOperator.BEGINS_WITH, v, null));
        shapes.add(new Probe(spec).partition("P", v).sortEqual("S", v + "s"));
        shapes.add(new Probe(spec).partition("A", v).partition("B", v + "b"));
        shapes.add(new Probe(spec).partition("A", v).partition("B", v + "b").sortEqual("C", "c"));
        shapes.add(new Probe(spec)
                .partition("A", v)
                .sortEqual("C", "c" + v)
                .sortEqual("D", "d")
                .range("E", SortOperator.BETWEEN, "1", v));
        shapes.add(new Probe(spec).partition("P", v).range("P", SortOperator.GT, v, null)); // P named twice
        shapes.add(new Probe(spec).partition("P", v).partition("P", v + "again")); // a value replaced
        shapes.add(new Probe(spec).partition("P", v).filter(Condition.eq("F", AttributeValue.s(v))));
        shapes.add(new Probe(spec)
                .partition("P", v)
                .range("S", SortOperator.LE, v, null)
                .filter(Condition.eq("S", AttributeValue.s("not a key filter, only rendered"))));
        return shapes;
    }

    @Test
    void everyShapeRendersAsAFreshBuilderWould_repeatedAndInterleaved() {
        for (int round = 0; round < 3; round++) {
            for (Probe q : shapes("v" + round)) {
                assertSameRequest(q, null);
            }
        }
    }

    @Test
    void scatterAttributeAppendedOrReplacingAPartitionValue() {
        for (String shard : List.of("0", "1", "2")) {
            AttributeValue value = AttributeValue.s(shard);
            assertSameRequest(new Probe(spec).partition("P", "p").scatterOn("Shard", "0", "1", "2"), value);
            assertSameRequest(
                    new Probe(spec)
                            .partition("P", "p")
                            .scatterOn("Shard", "0", "1", "2")
                            .range("S", SortOperator.GT, "s", null),
                    value);
            assertSameRequest(
                    new Probe(spec).partition("P", "p").partition("Q", "q").scatterOn("P", "0", "1", "2"), value);
        }
    }

    @Test
    void formsAreSharedPerShapeAndTheCoreAnswersThem() {
        storage.createTable(TABLE);
        QueryRequest first = QueryEngine.request(new Probe(spec).partition("P", "a"), null, false)
                .build();
        QueryRequest second = QueryEngine.request(new Probe(spec).partition("P", "b"), null, false)
                .build();
        // the same text and names objects for one shape: the core finds its parse without hashing the text again
        assertThat(second.keyConditionExpression()).isSameAs(first.keyConditionExpression());
        assertThat(second.expressionAttributeNames()).isSameAs(first.expressionAttributeNames());
        assertThat(second.expressionAttributeValues()).isEqualTo(Map.of(":p0", AttributeValue.s("b")));
        assertThat(storage.query(second).count()).isZero();
        QueryRequest ranged = QueryEngine.request(
                        new Probe(spec).partition("P", "b").range("S", SortOperator.BETWEEN, "a", "z"), null, false)
                .build();
        assertThat(storage.query(ranged).count()).isZero();
    }

    @Test
    void aQueryWithoutPartitionKeyStillFails() {
        assertThatThrownBy(() -> QueryEngine.request(new Probe(spec), null, false))
                .isInstanceOf(IllegalStateException.class);
    }

    /**
     * Every result of {@code it} in a list: the general path's answer ({@code QueryEngine.iterator}, the decoding
     * iterator) that the {@code list()} terminals' own loops are compared with.
     */
    static <R> List<R> drain(java.util.Iterator<R> it) {
        List<R> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
