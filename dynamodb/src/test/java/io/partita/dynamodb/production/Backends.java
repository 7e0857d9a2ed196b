package io.partita.dynamodb.production;

import io.partita.Partita;
import io.partita.dynamodb.DynamoDbLocal;
import io.partita.dynamodb.PartitaDynamoDb;
import io.partita.storage.Storage;

/** The two backends the production tests run on, each configured as its entry point configures it. */
enum Backends {
    EMBEDDED {
        @Override
        Partita.Builder builder() {
            return Partita.builder(Storage.inMemory());
        }
    },
    DYNAMODB_LOCAL {
        @Override
        Partita.Builder builder() {
            DynamoDbLocal.deleteAllTables();
            return PartitaDynamoDb.builder(DynamoDbLocal.client(), DynamoDbLocal.streamsClient());
        }
    };

    /** A builder on an empty database. */
    abstract Partita.Builder builder();
}
