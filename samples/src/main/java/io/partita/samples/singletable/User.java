package io.partita.samples.singletable;

import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;

/** A user: by id from the table ({@code USER#id / PROFILE}), by email from GSI1 ({@code EMAIL#email / USER}). */
@Entity(table = ShopTable.class, type = "User")
@Key(pk = "USER#{userId}", sk = "PROFILE")
@GsiKey(index = "GSI1", pk = "EMAIL#{email}", sk = "USER", query = "byEmail")
public record User(String userId, String email, String name) {}
