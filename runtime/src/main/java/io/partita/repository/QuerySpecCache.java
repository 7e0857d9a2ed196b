package io.partita.repository;

import io.partita.GatherOptions;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.mapping.ItemDecoder;
import io.partita.storage.Backend;
import io.partita.storage.api.Select;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link QuerySpec}s of one {@link EntityRepository}: the base table's, each index's, each projection view's.
 * Query specs are immutable and depend only on the index and the database's gather options: built once per index
 * (again when the gather options change) instead of on every query. Races only build a spec twice.
 */
final class QuerySpecCache<T> {
    private final Partita db;
    private final Backend backend;
    private final EntityMapping<T> mapping;
    private final ItemDecoder<T> reader;
    private volatile QuerySpec<T> tableSpec;
    private final Map<String, QuerySpec<T>> indexSpecs = new ConcurrentHashMap<>();
    private final Map<String, ViewSpec> viewSpecs = new ConcurrentHashMap<>();

    QuerySpecCache(Partita db, Backend backend, EntityMapping<T> mapping, ItemDecoder<T> reader) {
        this.db = db;
        this.backend = backend;
        this.mapping = mapping;
        this.reader = reader;
    }

    /** The spec of a base-table query returning entities. */
    QuerySpec<T> table() {
        QuerySpec<T> cached = tableSpec;
        if (cached != null && cached.gather() == db.gatherOptions()) {
            return cached;
        }
        cached = QuerySpec.of(
                backend,
                db,
                mapping.table(),
                null,
                reader,
                null,
                mapping.discriminatorAttribute().isPresent(),
                db.gatherOptions());
        tableSpec = cached;
        return cached;
    }

    /**
     * The spec of an index query returning entities: an ALL-projected GSI, or an LSI (any projection:
     * unprojected attributes are fetched from the table, and the fetch is counted).
     */
    QuerySpec<T> index(String indexName) {
        GatherOptions gather = db.gatherOptions();
        QuerySpec<T> cached = indexSpecs.get(indexName);
        if (cached != null && cached.gather() == gather) {
            return cached;
        }
        Select select = mapping.isLocalIndex(indexName) ? Select.ALL_ATTRIBUTES : null;
        cached = QuerySpec.of(
                backend,
                db,
                mapping.table(),
                indexName,
                reader,
                select,
                mapping.discriminatorAttribute().isPresent(),
                gather);
        indexSpecs.put(indexName, cached);
        return cached;
    }

    /** The spec of an index query returning projection views read by {@code viewDecoder}. */
    <V> QuerySpec<V> view(String indexName, ItemDecoder<V> viewDecoder) {
        GatherOptions gather = db.gatherOptions();
        ViewSpec cached = viewSpecs.get(indexName);
        if (cached != null
                && cached.viewDecoder() == viewDecoder
                && cached.spec().gather() == gather) {
            @SuppressWarnings("unchecked") // built below from this very viewDecoder, whose type is V
            QuerySpec<V> spec = (QuerySpec<V>) cached.spec();
            return spec;
        }
        QuerySpec<V> spec = viewQuery(indexName, viewDecoder, gather);
        viewSpecs.put(indexName, new ViewSpec(viewDecoder, spec));
        return spec;
    }

    /** A view query's spec as {@link #view} caches it, with the decoder it was built for. */
    private record ViewSpec(ItemDecoder<?> viewDecoder, QuerySpec<?> spec) {}

    private <V> QuerySpec<V> viewQuery(String indexName, ItemDecoder<V> viewDecoder, GatherOptions gather) {
        ItemDecoder<V> decoder = viewDecoder;
        boolean mayskip = false;
        if (mapping.discriminatorAttribute().isPresent()) {
            String attribute = mapping.discriminatorAttribute().get();
            AttributeValue type = AttributeValue.s(mapping.discriminatorValue().orElseThrow());
            decoder = item -> {
                // a KEYS_ONLY or INCLUDE view may not project the discriminator: then the index key decides
                AttributeValue stored = item.get(attribute);
                return stored == null || type.equals(stored) ? viewDecoder.fromItem(item) : null;
            };
            mayskip = true;
        }
        return QuerySpec.of(backend, db, mapping.table(), indexName, decoder, null, mayskip, gather);
    }
}
