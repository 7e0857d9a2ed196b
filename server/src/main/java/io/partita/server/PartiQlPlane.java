package io.partita.server;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.partiql.BatchOutcome;
import io.partita.partiql.BatchStatement;
import io.partita.partiql.PartiQl;
import io.partita.partiql.StatementResult;
import io.partita.partiql.TransactionResult;
import io.partita.storage.Storage;
import io.partita.wire.PartiQlRequests;
import io.partita.wire.PartiQlResponses;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The PartiQL operations: the wire codec reads the request, {@link PartiQl} parses each statement and runs it as
 * the core's own request, the wire codec writes DynamoDB's response.
 */
final class PartiQlPlane {
    private final PartiQl partiQl;
    /** ExecuteTransaction's tokens: "the same request" is the same statements with the same parameters. */
    private final ClientTokens<List<PartiQlRequests.Statement>, TransactionResult> clientTokens;

    PartiQlPlane(Storage storage) {
        this(storage, ClientTokens.SYSTEM_NANO_TIME);
    }

    /** {@code nanoTime}: the clock of {@code ClientRequestToken}s' 10-minute window. */
    PartiQlPlane(Storage storage, LongSupplier nanoTime) {
        this.partiQl = new PartiQl(storage);
        this.clientTokens = new ClientTokens<>(nanoTime);
    }

    void executeStatement(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        PartiQlRequests.Execute r = PartiQlRequests.execute(body, offset, length);
        PartiQlRequests.Statement s = r.statement();
        StatementResult result = partiQl.execute(
                s.statement(),
                s.parameters(),
                s.consistentRead(),
                r.nextToken(),
                r.limit(),
                r.returnConsumedCapacity(),
                s.returnOldItemOnConditionFailure());
        PartiQlResponses.execute(
                g, result.items(), result.nextToken(), result.lastEvaluatedKey(), result.consumedCapacity());
    }

    void batchExecuteStatement(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        PartiQlRequests.Batch r = PartiQlRequests.batch(body, offset, length);
        List<PartiQlResponses.Outcome> outcomes = new ArrayList<>();
        List<BatchOutcome> results = partiQl.batch(statements(r.statements()), r.returnConsumedCapacity());
        for (BatchOutcome o : results) {
            outcomes.add(new PartiQlResponses.Outcome(
                    o.tableName(), o.item(), o.errorCode(), o.errorMessage(), o.errorItem()));
        }
        PartiQlResponses.batch(g, outcomes, PartiQl.capacity(results));
    }

    void executeTransaction(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        PartiQlRequests.Transaction r = PartiQlRequests.transaction(body, offset, length);
        TransactionResult result = clientTokens.run(
                r.clientRequestToken(),
                r.statements(),
                length,
                () -> partiQl.transaction(
                        statements(r.statements()), r.clientRequestToken(), r.returnConsumedCapacity()));
        PartiQlResponses.transaction(g, result.items(), result.consumedCapacity());
    }

    private static List<BatchStatement> statements(List<PartiQlRequests.Statement> statements) {
        List<BatchStatement> out = new ArrayList<>(statements.size());
        for (PartiQlRequests.Statement s : statements) {
            out.add(new BatchStatement(
                    s.statement(), s.parameters(), s.consistentRead(), s.returnOldItemOnConditionFailure()));
        }
        return out;
    }
}
