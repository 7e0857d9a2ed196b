package seeds.singletable;

import io.partita.Field;
import io.partita.Key;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.generated.Shards;
import io.partita.mapping.AbstractItemSchema;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.mapping.KeyFormat;
import io.partita.repository.ConsistentQueryBuilder;
import io.partita.repository.EntityRepository;
import io.partita.repository.QueryBuilder;
import io.partita.repository.SortKeyCondition;
import io.partita.repository.Update;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The repository of {@link Ticket} in table {@code App}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class TicketRepository extends EntityRepository<Ticket> {
  /**
   * {@link Ticket#ticketId()} stored as {@code ticketId}: for conditions and partial updates.
   */
  public static final Field<Ticket, String> TICKET_ID = Field.<Ticket, String>of("ticketId", "ticketId", Codecs.STRING);

  /**
   * {@link Ticket#status()} stored as {@code status}: for conditions and partial updates.
   */
  public static final Field<Ticket, String> STATUS = Field.<Ticket, String>of("status", "status", Codecs.STRING);

  /**
   * {@link Ticket#openedAt()} stored as {@code openedAt}: for conditions and partial updates.
   */
  public static final Field<Ticket, Instant> OPENED_AT = Field.<Ticket, Instant>of("openedAt", "openedAt", Codecs.INSTANT);

  /**
   * {@link Ticket#subject()} stored as {@code subject}: for conditions and partial updates.
   */
  public static final Field<Ticket, String> SUBJECT = Field.<Ticket, String>of("subject", "subject", Codecs.STRING);

  /**
   * How {@link Ticket} maps to an item, without reflection.
   */
  public static final ItemSchema<Ticket> SCHEMA = Schema.INSTANCE;

  /**
   * The shared table, as {@link AppTableRepository#TABLE} declares it.
   */
  public static final TableDefinition TABLE = AppTableRepository.TABLE;

  /**
   * How {@link Ticket} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<Ticket> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .computed("PK", 0, "ticketId")
    .computed("SK", 1)
    .computed("GSI1PK", 2, "status", "ticketId")
    .indexKey("GSI1", "status", "GSI1PK", 0, false)
    .computed("GSI1SK", 3, "openedAt")
    .indexKey("GSI1", "openedAt", "GSI1SK", 1, false)
    .discriminator("_type", "Ticket")
    .build();

  private TicketRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code App} if it does not exist.
   */
  public static TicketRepository of(Partita db) {
    return new TicketRepository(db);
  }

  /**
   * The key of the {@link Ticket} item with these key parts (for transactions, batches, updates).
   */
  public Key<Ticket> key(String ticketId) {
    return keyOf(AttributeValue.s(KeyFormat.join("TICKET#", KeyFormat.text(ticketId))), AttributeValue.s("TICKET"));
  }

  /**
   * The {@link Ticket} with these key parts, if stored.
   */
  public Optional<Ticket> get(String ticketId) {
    return getByKey(AttributeValue.s(KeyFormat.join("TICKET#", KeyFormat.text(ticketId))), AttributeValue.s("TICKET"));
  }

  /**
   * Deletes the {@link Ticket} with these key parts, if stored.
   */
  public void delete(String ticketId) {
    delete(key(ticketId));
  }

  /**
   * Starts a partial update of the {@link Ticket} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<Ticket> update(String ticketId) {
    return update(key(ticketId));
  }

  /**
   * Queries the items of {@link Ticket} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String ticketId) {
    return new Query(tableQuery(), ticketId);
  }

  /**
   * Queries index {@code GSI1} (GSI, projection ALL), gathering its 8 shards; narrow by its sort key, then call a terminal.
   */
  public ByStatusQuery byStatus(String status) {
    return new ByStatusQuery(indexQuery("GSI1"), status);
  }

  /**
   * A query on the table with its partition key fixed.
   */
  public static final class Query extends ConsistentQueryBuilder<Ticket, Query> {
    Query(QuerySpec<Ticket> spec, String ticketId) {
      super(spec);
      partitionKey("PK", AttributeValue.s(KeyFormat.join("TICKET#", KeyFormat.text(ticketId))));
    }
  }

  /**
   * A query on index {@code GSI1} with its partition key fixed; narrow it by {@code openedAt}.
   */
  public static final class ByStatusQuery extends QueryBuilder<Ticket, ByStatusQuery> {
    private final String prefix = "";

    ByStatusQuery(QuerySpec<Ticket> spec, String status) {
      super(spec);
      scatter("GSI1PK", Shards.suffixedValues(KeyFormat.join("STATUS#", KeyFormat.text(status)), 8));
    }

    /**
     * A condition on the {@code openedAt} part of the sort key template {@code {openedAt}}.
     */
    public SortKeyCondition<Instant, ByStatusQuery> openedAt() {
      return templateSortKey("GSI1SK", prefix, "", (Instant v) -> KeyFormat.text(v), true);
    }
  }

  /**
   * How {@link Ticket} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<Ticket> implements EntityMapping.Members<Ticket> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("Ticket", "ticketId", "status", "openedAt", "subject");
    }

    @Override
    public void writeItem(Ticket e, ItemMap.Builder item) {
      writeString(item, "ticketId", e.ticketId());
      writeString(item, "status", e.status());
      writeInstant(item, "openedAt", e.openedAt());
      writeString(item, "subject", e.subject());
    }

    @Override
    public Ticket fromItem(Map<String, AttributeValue> item) {
      return new Ticket(
        readString(item, 0, "ticketId"),
        readString(item, 1, "status"),
        readInstant(item, 2, "openedAt"),
        readString(item, 3, "subject"));
    }

    @Override
    public Class<Ticket> memoizableType() {
      return Ticket.class;
    }

    @Override
    public @Nullable Object indexKeyField(Ticket e, int field) {
      return switch (field) {
        case 0 -> e.status();
        case 1 -> e.openedAt();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(Ticket e, int attribute) {
      return switch (attribute) {
        case 0 -> EntityMapping.Members.string(KeyFormat.join("TICKET#", KeyFormat.text(e.ticketId())));
        case 1 -> EntityMapping.Members.string("TICKET");
        case 2 -> EntityMapping.Members.string(Shards.suffixed(KeyFormat.join("STATUS#", KeyFormat.text(e.status())), Shards.of(KeyFormat.text(e.ticketId()), 8)));
        case 3 -> EntityMapping.Members.string(KeyFormat.join(KeyFormat.text(e.openedAt())));
        default -> throw new IndexOutOfBoundsException(attribute);
      };
    }
  }
}
