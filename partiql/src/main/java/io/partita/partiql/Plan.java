package io.partita.partiql;

import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.UpdateItemRequest;

/**
 * A statement translated into the one core request that carries it out; a read's {@code flat} is the SELECT list to
 * flatten its items by ({@code null} when nothing is nested).
 */
sealed interface Plan {
    String tableName();

    /** A SELECT that fixes the partition key. */
    record Query(QueryRequest request, Projection flat) implements Plan {
        @Override
        public String tableName() {
            return request.tableName();
        }
    }

    /** Any other SELECT. */
    record Scan(ScanRequest request, Projection flat) implements Plan {
        @Override
        public String tableName() {
            return request.tableName();
        }
    }

    /** A SELECT of one item by its full key (batches and transactions). */
    record Get(GetItemRequest request, Projection flat) implements Plan {
        @Override
        public String tableName() {
            return request.tableName();
        }
    }

    /** An INSERT: a put conditioned on the key being absent. */
    record Insert(PutItemRequest request) implements Plan {
        @Override
        public String tableName() {
            return request.tableName();
        }
    }

    /** An UPDATE: an update conditioned on the item existing (and on the statement's further terms). */
    record Update(UpdateItemRequest request) implements Plan {
        @Override
        public String tableName() {
            return request.tableName();
        }
    }

    /** A DELETE, conditioned on the statement's further terms. */
    record Delete(DeleteItemRequest request) implements Plan {
        @Override
        public String tableName() {
            return request.tableName();
        }
    }

    /** An {@code EXISTS(SELECT ...)} of a transaction: a condition check on one item. */
    record Check(TransactWriteItem.ConditionCheck check) implements Plan {
        @Override
        public String tableName() {
            return check.tableName();
        }
    }
}
