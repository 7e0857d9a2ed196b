package io.partita;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Backend;
import io.partita.storage.ResourceInUseException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.api.TableDescription;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PartitaTest {
    private static final TableDefinition TABLE =
            TableDefinition.builder("Things").partitionKey(KeyAttribute.s("Id")).build();

    @Test
    void create_table_if_missing_describes_then_creates_once() {
        try (Partita db = Partita.inMemory(StorageOptions.defaults())) {
            db.createTableIfMissing(TABLE);
            db.createTableIfMissing(TABLE);
            assertThat(db.backend().listTables()).containsExactly("Things");
        }
    }

    @Test
    void an_existing_table_is_kept() {
        Storage storage = Storage.inMemory();
        storage.createTable(TABLE);
        try (Partita db = Partita.using(storage)) {
            db.createTableIfMissing(TABLE);
            assertThat(db.backend().describeTable("Things").tableName()).isEqualTo("Things");
        }
    }

    @Test
    void a_concurrent_creator_is_tolerated() {
        Storage real = Storage.inMemory(StorageOptions.defaults());
        AtomicInteger creates = new AtomicInteger();
        // a backend whose createTable loses the race: the table appears between describe and create
        Backend racing = (Backend) Proxy.newProxyInstance(
                Backend.class.getClassLoader(), new Class<?>[] {Backend.class}, (proxy, m, args) -> {
                    if (m.getName().equals("createTable")) {
                        creates.incrementAndGet();
                        real.createTable((TableDefinition) args[0]);
                        throw new ResourceInUseException("Table already exists: T");
                    }
                    try {
                        return m.invoke(real, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        try (Partita db = Partita.using(racing)) {
            db.createTableIfMissing(TABLE);
            assertThat(creates.get()).isEqualTo(1);
            TableDescription d = db.backend().describeTable("Things");
            assertThat(d.tableName()).isEqualTo("Things");
        }
    }

    @Test
    void transactions_commit_once_and_empty_ones_do_nothing() {
        try (Partita db = Partita.inMemory()) {
            Transaction tx = db.transaction();
            tx.commit();
            assertThatThrownBy(tx::commit).isInstanceOf(IllegalStateException.class);
            db.transact(t -> {});
            assertThat(db.batchGet().size()).isZero();
        }
    }
}
