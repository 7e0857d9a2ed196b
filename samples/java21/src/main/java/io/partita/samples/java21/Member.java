package io.partita.samples.java21;

import io.partita.annotations.Entity;
import io.partita.annotations.Key;

/** A member's profile: {@code MEMBER#id / PROFILE}. */
@Entity(table = LibraryItem.class, type = "Member")
@Key(pk = "MEMBER#{memberId}", sk = "PROFILE")
public record Member(String memberId, String name) implements LibraryItem {}
