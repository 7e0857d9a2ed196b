package io.partita.storage.model;

import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import java.util.List;

/**
 * The tables the model-based and stress tests run against. Attribute names are shared between indexes on
 * purpose, so one write moves several index entries at once.
 *
 * <pre>
 * T1  pk S, sk N
 *   GSI g_multi  PK [gA S, gB N]  SK [gC S, gD N]  INCLUDE [p1, p3]   (multi-attribute keys)
 *   GSI g_keys   PK [gX N]        SK [gY B]         KEYS_ONLY
 *   GSI g_all    PK [gC S]        SK [sk N]         ALL               (table sort key reused as index key)
 *   LSI l_incl   SK lA S   INCLUDE [p2, p4]
 *   LSI l_keys   SK lB N   KEYS_ONLY
 *   LSI l_all    SK gY B   ALL
 * T2  id N (hash only)
 *   GSI h_g      PK [hg S]  SK [hs N]  INCLUDE [p1]
 *   GSI h_hash   PK [hs N]  (no sort key)  ALL
 * </pre>
 */
public final class ModelSchemas {
    private ModelSchemas() {}

    public static final String T1 = "model_t1";
    public static final String T2 = "model_t2";

    public static TableDefinition t1() {
        return TableDefinition.builder(T1)
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .globalSecondaryIndex(new GlobalSecondaryIndex(
                        "g_multi",
                        List.of(KeyAttribute.s("gA"), KeyAttribute.n("gB")),
                        List.of(KeyAttribute.s("gC"), KeyAttribute.n("gD")),
                        Projection.include("p1", "p3")))
                .globalSecondaryIndex("g_keys", KeyAttribute.n("gX"), KeyAttribute.b("gY"), Projection.keysOnly())
                .globalSecondaryIndex("g_all", KeyAttribute.s("gC"), KeyAttribute.n("sk"), Projection.all())
                .localSecondaryIndex("l_incl", KeyAttribute.s("lA"), Projection.include("p2", "p4"))
                .localSecondaryIndex("l_keys", KeyAttribute.n("lB"), Projection.keysOnly())
                .localSecondaryIndex("l_all", KeyAttribute.b("gY"), Projection.all())
                .build();
    }

    public static TableDefinition t2() {
        return TableDefinition.builder(T2)
                .partitionKey(KeyAttribute.n("id"))
                .globalSecondaryIndex("h_g", KeyAttribute.s("hg"), KeyAttribute.n("hs"), Projection.include("p1"))
                .globalSecondaryIndex("h_hash", KeyAttribute.n("hs"), null, Projection.all())
                .build();
    }

    public static List<TableDefinition> all() {
        return List.of(t1(), t2());
    }
}
