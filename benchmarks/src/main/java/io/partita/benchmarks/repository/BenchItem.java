package io.partita.benchmarks.repository;

import io.partita.annotations.Gsi;
import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.Lsi;
import io.partita.annotations.LsiKey;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Projection;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;

/**
 * The {@link io.partita.benchmarks.Workload} item as a Partita entity: table {@code Bench}, key {@code pk} +
 * {@code sk}, GSIs {@code gsi1} (ALL), {@code gsi2} (KEYS_ONLY), {@code gsi3} (INCLUDE a, b), LSI {@code lsi1}
 * (ALL). The processor generates {@code BenchItemRepository} from it; its table definition is the workload's.
 */
@Table(name = "Bench")
@Gsi(name = "gsi1")
@Gsi(name = "gsi2", projection = Projection.KEYS_ONLY)
@Gsi(
        name = "gsi3",
        projection = Projection.INCLUDE,
        include = {"a", "b"})
@Lsi(name = "lsi1")
public record BenchItem(
        @PartitionKey String pk,
        @SortKey String sk,
        @GsiKey(index = "gsi1") String g1pk,
        @GsiKey(index = "gsi1", role = KeyRole.SORT) long g1sk,
        @GsiKey(index = "gsi2") String g2pk,
        @GsiKey(index = "gsi3") String g3pk,
        @GsiKey(index = "gsi3", role = KeyRole.SORT) String g3sk,
        @LsiKey(index = "lsi1") long lsk,
        String a,
        long b,
        String d) {}
