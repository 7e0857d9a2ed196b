package io.partita.repository;

import io.partita.Condition;
import io.partita.ExpressionBuilder;
import io.partita.Field;
import io.partita.Key;
import io.partita.PartialUpdate;
import io.partita.generated.AutoValues;
import io.partita.generated.EntityMapping;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * A partial update of one item, sent as a single UpdateItem (no read-modify-write):
 *
 * <pre>{@code
 * GameScore updated = scores.update("u1", "Meteor Blasters")
 *         .set(GameScoreRepository.TOP_SCORE, 5400)
 *         .add(GameScoreRepository.WINS, 1)            // atomic increment
 *         .remove(GameScoreRepository.NICKNAME)
 *         .when(GameScoreRepository.TOP_SCORE.lt(5400))
 *         .execute();
 * }</pre>
 *
 * Like DynamoDB's UpdateItem it creates the item when none exists; {@link #ifExists()} prevents that. The
 * mapping's rules hold: key attributes cannot be updated, a non-sparse index-key field cannot be removed
 * ({@link io.partita.MissingIndexKeyException}), and fields that computed key attributes are rendered from
 * must be changed with a put. On a shared table the discriminator is (re)written. On a {@code @Version}
 * entity the version is incremented; {@link #expectVersion(long)} adds the optimistic check. {@code @UpdatedAt} is
 * set to the database clock's "now", {@code @CreatedAt} too when the item has none, and every {@code @Counter} is
 * counted by its delta, unless this update sets (or removes, or adds to) that field explicitly.
 *
 * @param <T> the entity
 */
public final class Update<T> implements PartialUpdate {
    private final EntityRepository<T> repository;
    private final Key<T> key;
    private final List<Action> sets = new ArrayList<>();
    private final List<Action> removes = new ArrayList<>();
    private final List<Action> adds = new ArrayList<>();
    private final List<Action> deletes = new ArrayList<>();
    private final Set<String> touched = new HashSet<>();
    private Condition condition;
    private Long expectedVersion;

    /** One clause; {@code start} non-null: {@code SET a = if_not_exists(a, :start) + :value} (a counter). */
    private record Action(String attribute, AttributeValue value, boolean ifNotExists, AttributeValue start) {
        Action(String attribute, AttributeValue value, boolean ifNotExists) {
            this(attribute, value, ifNotExists, null);
        }
    }

    Update(EntityRepository<T> repository, Key<T> key) {
        this.repository = repository;
        this.key = key;
    }

    /** Sets {@code field} to {@code value}; a null value (or an empty set / Optional) removes the attribute. */
    public <V> Update<T> set(Field<T, V> field, V value) {
        AttributeValue encoded = field.encode(value);
        return encoded == null ? remove(field) : set(field.attributeName(), encoded);
    }

    /** Sets {@code field} only when the stored item has no value for it ({@code if_not_exists}). */
    public <V> Update<T> setIfAbsent(Field<T, V> field, V value) {
        AttributeValue encoded =
                Objects.requireNonNull(field.encode(value), "setIfAbsent needs a value with a stored form");
        touch(field.attributeName(), false);
        sets.add(new Action(field.attributeName(), encoded, true));
        return this;
    }

    /** Sets a raw attribute (for attributes without a generated {@link Field}). */
    public Update<T> set(String attribute, AttributeValue value) {
        touch(attribute, false);
        sets.add(new Action(attribute, Objects.requireNonNull(value, "value"), false));
        return this;
    }

    /** Removes {@code field}'s attribute (reads back as null / the primitive default). */
    public Update<T> remove(Field<T, ?> field) {
        return remove(field.attributeName());
    }

    /** Removes a raw attribute. */
    public Update<T> remove(String attribute) {
        touch(attribute, true);
        removes.add(new Action(attribute, null, false));
        return this;
    }

    /**
     * Atomically adds {@code delta} to a number field (a missing attribute counts as 0), or adds the elements
     * of {@code delta} to a set field ({@code ADD}). On a {@code @Counter} field it replaces the counter's delta
     * for this update, and a missing attribute counts as the counter's {@code start}.
     */
    public <V> Update<T> add(Field<T, V> field, V delta) {
        AttributeValue encoded = field.encode(delta);
        if (encoded == null) {
            return this; // adding an empty set changes nothing
        }
        if (encoded.type() != AttributeType.N
                && encoded.type() != AttributeType.SS
                && encoded.type() != AttributeType.NS
                && encoded.type() != AttributeType.BS) {
            throw new IllegalArgumentException(RuntimeMessage.AddOnWrongType.format(field, encoded.type()));
        }
        touch(field.attributeName(), false);
        addOrCount(field.attributeName(), encoded, sets, adds);
        return this;
    }

    /** Removes the elements of {@code elements} from a set field ({@code DELETE}). */
    public <V> Update<T> removeElements(Field<T, V> field, V elements) {
        AttributeValue encoded = field.encode(elements);
        if (encoded == null) {
            return this;
        }
        if (encoded.type() != AttributeType.SS
                && encoded.type() != AttributeType.NS
                && encoded.type() != AttributeType.BS) {
            throw new IllegalArgumentException(RuntimeMessage.RemoveElementsOnWrongType.format(field, encoded.type()));
        }
        touch(field.attributeName(), false);
        deletes.add(new Action(field.attributeName(), encoded, false));
        return this;
    }

    /** Applies the update only if {@code condition} holds (combined with earlier conditions by AND). */
    public Update<T> when(Condition condition) {
        this.condition = Condition.both(this.condition, Objects.requireNonNull(condition, "condition"));
        return this;
    }

    /** Applies the update only to an existing item (never creates one). */
    public Update<T> ifExists() {
        return when(Condition.attributeExists(
                repository.mapping().tableKeyAttributes().get(0)));
    }

    /** Versioned entities: applies the update only if the stored version is {@code version}. */
    public Update<T> expectVersion(long version) {
        if (!repository.isVersioned()) {
            throw new IllegalStateException(
                    RuntimeMessage.NoVersionField.format(repository.mapping().entityName()));
        }
        this.expectedVersion = version;
        return this;
    }

    /**
     * Sends the update.
     *
     * @return the entity after the update (the whole item, decoded)
     * @throws io.partita.storage.ConditionalCheckFailedException when a condition or the version check fails
     */
    public T execute() {
        return result(repository.backend().updateItem(request(EntityRepository.Ask.NONE)));
    }

    /**
     * {@link #execute()} without blocking: the future completes with the entity after the update, or fails as
     * {@code execute()} would throw.
     */
    public CompletableFuture<T> executeAsync() {
        return AsyncRepository.send(
                () -> repository.asyncBackend().updateItem(request(EntityRepository.Ask.NONE)), this::result);
    }

    /** The UpdateItem this update sends (ALL_NEW values), asking for what {@code ask} names. */
    UpdateItemRequest request(EntityRepository.Ask ask) {
        Rendered r = render();
        return UpdateItemRequest.builder()
                .tableName(key.tableName())
                .key(key.attributes())
                .updateExpression(r.update())
                .conditionExpression(r.condition())
                .expressionAttributeNames(r.names().names())
                .expressionAttributeValues(r.names().values())
                .returnValues(ReturnValues.ALL_NEW)
                .returnConsumedCapacity(ask.capacity())
                .returnItemCollectionMetrics(ask.itemCollectionMetrics())
                .build();
    }

    /** What {@link #execute()} returns for {@code response}. */
    T result(UpdateItemResponse response) {
        return response.attributes() == null ? null : repository.mapping().fromItem(response.attributes());
    }

    /** The repository this update belongs to. */
    EntityRepository<T> repository() {
        return repository;
    }

    /** The update as a transaction action (see {@link io.partita.Transaction#update}). */
    @Override
    public TransactWriteItem.Update prepare() {
        Rendered r = render();
        return new TransactWriteItem.Update(
                key.tableName(),
                key.attributes(),
                r.update(),
                r.condition(),
                r.names().names(),
                r.names().values(),
                false);
    }

    private record Rendered(String update, String condition, ExpressionBuilder names) {}

    private Rendered render() {
        EntityMapping<T> mapping = repository.mapping();
        List<Action> allSets = new ArrayList<>(sets);
        List<Action> allAdds = new ArrayList<>(adds);
        if (mapping.discriminatorAttribute().isPresent()) {
            allSets.add(new Action(
                    mapping.discriminatorAttribute().get(),
                    AttributeValue.s(mapping.discriminatorValue().orElseThrow()),
                    false));
        }
        String version = mapping.versionAttribute().orElse(null);
        if (version != null) {
            allAdds.add(new Action(version, AttributeValue.n(1), false));
        }
        if (!mapping.autoValues().isEmpty()) {
            autoValues(mapping.autoValues(), allSets, allAdds);
        }
        if (allSets.isEmpty() && removes.isEmpty() && allAdds.isEmpty() && deletes.isEmpty()) {
            throw new IllegalStateException(RuntimeMessage.EmptyUpdate.format());
        }
        ExpressionBuilder b = new ExpressionBuilder();
        StringBuilder expression = new StringBuilder(64);
        clause(expression, "SET", allSets, a -> {
            String n = b.name(a.attribute());
            if (a.start() != null) {
                return n + " = if_not_exists(" + n + ", " + b.value(a.start()) + ") + " + b.value(a.value());
            }
            return a.ifNotExists()
                    ? n + " = if_not_exists(" + n + ", " + b.value(a.value()) + ")"
                    : n + " = " + b.value(a.value());
        });
        clause(expression, "REMOVE", removes, a -> b.name(a.attribute()));
        clause(expression, "ADD", allAdds, a -> b.name(a.attribute()) + " " + b.value(a.value()));
        clause(expression, "DELETE", deletes, a -> b.name(a.attribute()) + " " + b.value(a.value()));
        Condition check = condition;
        if (expectedVersion != null) {
            check = Condition.both(Condition.eq(version, AttributeValue.n(expectedVersion)), check);
        }
        String conditionExpression = check == null ? null : check.render(b);
        return new Rendered(expression.toString(), conditionExpression, b);
    }

    /**
     * The repository's own values, for the attributes this update does not set explicitly: created-at if absent,
     * updated-at now, every counter plus its delta (see {@link AutoValues}).
     */
    private void autoValues(AutoValues auto, List<Action> allSets, List<Action> allAdds) {
        java.time.Instant now = repository.now();
        auto.createdAt()
                .filter(t -> !touched.contains(t.attribute()))
                .ifPresent(t -> allSets.add(new Action(t.attribute(), t.at(now), true)));
        auto.updatedAt()
                .filter(t -> !touched.contains(t.attribute()))
                .ifPresent(t -> allSets.add(new Action(t.attribute(), t.at(now), false)));
        for (AutoValues.Counter c : auto.counters()) {
            if (!touched.contains(c.attribute())) {
                addOrCount(c.attribute(), AttributeValue.n(c.delta()), allSets, allAdds);
            }
        }
    }

    /** {@code ADD a :delta}, or for a counter with a start other than 0 {@code SET a = if_not_exists(a, :start) + :delta}. */
    private void addOrCount(String attribute, AttributeValue delta, List<Action> setList, List<Action> addList) {
        AutoValues.Counter counter =
                repository.mapping().autoValues().counter(attribute).orElse(null);
        if (counter != null && counter.start() != 0 && delta.type() == AttributeType.N) {
            setList.add(new Action(attribute, delta, false, AttributeValue.n(counter.start())));
        } else {
            addList.add(new Action(attribute, delta, false));
        }
    }

    private static void clause(
            StringBuilder out,
            String keyword,
            List<Action> actions,
            java.util.function.Function<Action, String> render) {
        if (actions.isEmpty()) {
            return;
        }
        if (out.length() > 0) {
            out.append(' ');
        }
        out.append(keyword).append(' ');
        for (int i = 0; i < actions.size(); i++) {
            out.append(i == 0 ? "" : ", ").append(render.apply(actions.get(i)));
        }
    }

    private void touch(String attribute, boolean removing) {
        repository.mapping().checkUpdatable(attribute, removing);
        if (repository.mapping().versionAttribute().filter(attribute::equals).isPresent()) {
            throw new IllegalArgumentException(RuntimeMessage.UpdateOfVersion.format(attribute));
        }
        if (!touched.add(attribute)) {
            throw new IllegalArgumentException(RuntimeMessage.AttributeUpdatedTwice.format(attribute));
        }
    }
}
