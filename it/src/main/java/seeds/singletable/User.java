package seeds.singletable;

import io.partita.annotations.Entity;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Key;

/** Access patterns: user by id (base table), user by email (GSI1). */
@Entity(table = AppTable.class, type = "User")
@Key(pk = "USER#{userId}", sk = "PROFILE")
@GsiKey(index = "GSI1", pk = "EMAIL#{email}", sk = "USER", query = "byEmail")
public record User(String userId, String email, String name) {}
