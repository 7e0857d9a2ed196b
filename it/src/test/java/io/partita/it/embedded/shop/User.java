package io.partita.it.embedded.shop;

import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;
import io.partita.annotations.Sparse;
import io.partita.annotations.Version;

/** A versioned user; a user without an email stays out of GSI1. */
@Entity(table = ShopTable.class, type = "User")
@Key(pk = "USER#{userId}", sk = "PROFILE")
@GsiKey(index = "GSI1", pk = "EMAIL#{email}", sk = "PROFILE", query = "byEmail")
public record User(
        String userId,
        String name,
        @Sparse String email,
        @Version long version) {}
