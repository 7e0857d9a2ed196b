package io.partita.it.crash;

import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.Lsi;
import io.partita.annotations.LsiKey;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;

/** The crash test's item: a table key, a GSI whose key moves on updates, an LSI, and a payload of varying size. */
@Table(name = "CrashAccounts")
@Lsi(name = "ByBalance")
public record CrashAccount(
        @PartitionKey String owner,
        @SortKey String id,
        @GsiKey(index = "ByGroup") String grp,
        @GsiKey(index = "ByGroup", role = KeyRole.SORT) long version,
        @LsiKey(index = "ByBalance") long balance,
        String note) {}
