package seeds.singletable;

import io.partita.annotations.Gsi;
import io.partita.annotations.Table;

/** One table for users, their orders and products; GSI1 is overloaded for three access patterns. */
@Table(name = "App", partitionKey = "PK", sortKey = "SK")
@Gsi(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK")
public interface AppTable {}
