package io.partita.repository;

import io.partita.ExpressionBuilder;
import io.partita.generated.QuerySpec;
import io.partita.storage.value.AttributeValue;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A query's key condition rendered once for one shape — the attributes it names, in order, and the sort-key
 * operator — and reused by every later query of that shape on the same {@link QuerySpec}: the expression text
 * and its {@code ExpressionAttributeNames} are the same objects each time, and only the values map is built
 * per request. The text is what {@link ExpressionBuilder} renders for that shape (names {@code #pN} in order of
 * first use, values {@code :pN} in order), so requests are exactly as before; the core, which caches parses by
 * text, then finds the parse by a string whose hash is already computed. Immutable.
 */
final class KeyConditionForm {
    /** Forms kept per spec: the shapes of one index's queries (with and without each sort-key condition). */
    static final int MAX_FORMS = 8;

    private static final String[] VALUE_PLACEHOLDERS = {":p0", ":p1", ":p2", ":p3", ":p4", ":p5", ":p6", ":p7"};

    /** Equality attributes (partition, scatter, sort-key parts), then the range attribute when there is one. */
    private final String[] attributes;
    /** The range's operator; null when the last attribute is an equality like the others. */
    private final SortOperator operator;

    final String text;
    final Map<String, String> names;
    private final int valueCount;

    private KeyConditionForm(
            String[] attributes, SortOperator operator, String text, Map<String, String> names, int valueCount) {
        this.attributes = attributes;
        this.operator = operator;
        this.text = text;
        this.names = names;
        this.valueCount = valueCount;
    }

    /**
     * The rendered key condition of {@code q}'s shape, from {@code spec}'s {@linkplain QuerySpec#engineCache() cache}
     * or rendered and kept there on first use (at most {@link #MAX_FORMS} shapes are kept; further shapes are
     * rendered per query).
     */
    static KeyConditionForm cached(
            QuerySpec<?> spec,
            QueryBuilder<?, ?> q,
            AttributeValue shardValue,
            boolean appendScatter,
            QueryBuilder.RangeTerm range) {
        Object[] forms = spec.engineCache();
        for (Object cached : forms) {
            KeyConditionForm form = (KeyConditionForm) cached;
            if (form.matches(q, appendScatter, range)) {
                return form;
            }
        }
        KeyConditionForm form = of(q, shardValue, appendScatter, range);
        if (forms.length < MAX_FORMS) {
            Object[] more = Arrays.copyOf(forms, forms.length + 1);
            more[forms.length] = form;
            spec.engineCache(more);
        }
        return form;
    }

    /** True when {@code q}'s key condition (with {@code scatter} appended when {@code appendScatter}) has this shape. */
    boolean matches(QueryBuilder<?, ?> q, boolean appendScatter, QueryBuilder.RangeTerm range) {
        QueryBuilder.KeyParts partition = q.partition;
        QueryBuilder.KeyParts sortEquals = q.sortEquals;
        int n = partition.size() + (appendScatter ? 1 : 0) + sortEquals.size() + (range == null ? 0 : 1);
        if (n != attributes.length || (range == null ? operator != null : range.operator() != operator)) {
            return false;
        }
        int k = 0;
        for (int i = 0; i < partition.size(); i++) {
            if (!attributes[k++].equals(partition.name(i))) {
                return false;
            }
        }
        if (appendScatter && !attributes[k++].equals(q.scatterAttribute)) {
            return false;
        }
        for (int i = 0; i < sortEquals.size(); i++) {
            if (!attributes[k++].equals(sortEquals.name(i))) {
                return false;
            }
        }
        return range == null || attributes[k].equals(range.attribute());
    }

    /** The values of {@code q}'s key condition, under this form's placeholders. */
    Map<String, AttributeValue> values(
            QueryBuilder<?, ?> q, AttributeValue shardValue, boolean appendScatter, QueryBuilder.RangeTerm range) {
        if (valueCount == 1
                && q.partition.size() == 1
                && q.scatterAttribute == null
                && range == null
                && q.sortEquals.isEmpty()) {
            return new KeyValueMap(q.partition.value(0)); // the common query: one partition value, as Map.of(":p0", v)
        }
        AttributeValue[] v = new AttributeValue[valueCount];
        int k = collectValues(q, shardValue, appendScatter, v);
        if (range != null) {
            v[k++] = range.first();
            if (range.operator() == SortOperator.BETWEEN) {
                v[k] = range.second();
            }
        }
        switch (valueCount) {
            case 1:
                return Map.of(VALUE_PLACEHOLDERS[0], v[0]);
            case 2:
                return Map.of(VALUE_PLACEHOLDERS[0], v[0], VALUE_PLACEHOLDERS[1], v[1]);
            case 3:
                return Map.of(VALUE_PLACEHOLDERS[0], v[0], VALUE_PLACEHOLDERS[1], v[1], VALUE_PLACEHOLDERS[2], v[2]);
            default:
                Map<String, AttributeValue> values = new LinkedHashMap<>(valueCount * 2);
                for (int i = 0; i < valueCount; i++) {
                    values.put(i < VALUE_PLACEHOLDERS.length ? VALUE_PLACEHOLDERS[i] : ":p" + i, v[i]);
                }
                return Map.copyOf(values);
        }
    }

    /** The equality values in key-condition order into {@code out}; returns how many. */
    private static int collectValues(
            QueryBuilder<?, ?> q, AttributeValue shardValue, boolean appendScatter, AttributeValue[] out) {
        int k = 0;
        QueryBuilder.KeyParts partition = q.partition;
        String scatter = q.scatterAttribute;
        for (int i = 0; i < partition.size(); i++) {
            out[k++] = scatter != null && scatter.equals(partition.name(i)) ? shardValue : partition.value(i);
        }
        if (appendScatter) {
            out[k++] = shardValue;
        }
        QueryBuilder.KeyParts sortEquals = q.sortEquals;
        for (int i = 0; i < sortEquals.size(); i++) {
            out[k++] = sortEquals.value(i);
        }
        return k;
    }

    /**
     * Renders {@code q}'s key condition into {@code b} (the scatter attribute, when set, holding {@code shardValue}):
     * the text every form caches, and the path of queries with a filter, which continues numbering placeholders
     * in the same builder.
     */
    static String render(
            QueryBuilder<?, ?> q,
            AttributeValue shardValue,
            boolean appendScatter,
            QueryBuilder.RangeTerm r,
            ExpressionBuilder b) {
        StringBuilder kce = new StringBuilder(64);
        QueryBuilder.KeyParts partition = q.partition;
        String scatter = q.scatterAttribute;
        for (int i = 0; i < partition.size(); i++) {
            AttributeValue value =
                    scatter != null && scatter.equals(partition.name(i)) ? shardValue : partition.value(i);
            and(kce).append(b.name(partition.name(i))).append(" = ").append(b.value(value));
        }
        if (appendScatter) {
            and(kce).append(b.name(scatter)).append(" = ").append(b.value(shardValue));
        }
        QueryBuilder.KeyParts sortEquals = q.sortEquals;
        for (int i = 0; i < sortEquals.size(); i++) {
            and(kce).append(b.name(sortEquals.name(i))).append(" = ").append(b.value(sortEquals.value(i)));
        }
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
        return kce.toString();
    }

    /** Renders {@code q}'s key condition and keeps it as the form of its shape. */
    static KeyConditionForm of(
            QueryBuilder<?, ?> q, AttributeValue shardValue, boolean appendScatter, QueryBuilder.RangeTerm range) {
        ExpressionBuilder b = new ExpressionBuilder();
        String text = render(q, shardValue, appendScatter, range, b);
        QueryBuilder.KeyParts partition = q.partition;
        QueryBuilder.KeyParts sortEquals = q.sortEquals;
        String[] attributes =
                new String[partition.size() + (appendScatter ? 1 : 0) + sortEquals.size() + (range == null ? 0 : 1)];
        int k = 0;
        for (int i = 0; i < partition.size(); i++) {
            attributes[k++] = partition.name(i);
        }
        if (appendScatter) {
            attributes[k++] = q.scatterAttribute;
        }
        for (int i = 0; i < sortEquals.size(); i++) {
            attributes[k++] = sortEquals.name(i);
        }
        if (range != null) {
            attributes[k] = range.attribute();
        }
        int valueCount = b.values().size();
        return new KeyConditionForm(attributes, range == null ? null : range.operator(), text, b.names(), valueCount);
    }

    private static StringBuilder and(StringBuilder sb) {
        return sb.length() == 0 ? sb : sb.append(" AND ");
    }
}
