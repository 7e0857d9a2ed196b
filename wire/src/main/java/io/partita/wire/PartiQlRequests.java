package io.partita.wire;

import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The PartiQL requests ({@code ExecuteStatement}, {@code BatchExecuteStatement}, {@code ExecuteTransaction}) read
 * from their JSON bodies. Malformed JSON or a member of the wrong JSON type is a {@code SerializationException};
 * a missing statement a {@code ValidationException} in DynamoDB's words; unknown members are skipped.
 */
public final class PartiQlRequests {
    private PartiQlRequests() {}

    /** One statement with its parameters ({@code Parameters}: attribute values, one per {@code ?}). */
    public record Statement(
            String statement,
            List<AttributeValue> parameters,
            boolean consistentRead,
            boolean returnOldItemOnConditionFailure) {}

    /** {@code ExecuteStatement}. */
    public record Execute(
            Statement statement, String nextToken, Integer limit, ReturnConsumedCapacity returnConsumedCapacity) {}

    /** {@code BatchExecuteStatement}. */
    public record Batch(List<Statement> statements, ReturnConsumedCapacity returnConsumedCapacity) {}

    /** {@code ExecuteTransaction}. */
    public record Transaction(
            List<Statement> statements, String clientRequestToken, ReturnConsumedCapacity returnConsumedCapacity) {}

    /** The members of one request object or one statement object, as read. */
    private static final class Members {
        /** The member holding a list of statement objects ({@code null}: none). */
        final String listMember;

        String statement;
        List<AttributeValue> parameters;
        Boolean consistentRead;
        String returnOnFailure;
        String nextToken;
        Integer limit;
        String returnConsumedCapacity;
        String clientRequestToken;
        List<Statement> statements;

        Members(String listMember) {
            this.listMember = listMember;
        }

        ReturnConsumedCapacity capacity() {
            return WireEnums.of(returnConsumedCapacity, ReturnConsumedCapacity.class, "returnConsumedCapacity");
        }

        Statement toStatement(String constraint) {
            if (statement == null) {
                throw WireException.missing(constraint);
            }
            return new Statement(
                    statement,
                    parameters == null ? List.of() : parameters,
                    consistentRead != null && consistentRead,
                    WireEnums.returnValuesOnConditionCheckFailure(returnOnFailure));
        }
    }

    public static Execute execute(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, null);
        return new Execute(m.toStatement("statement"), m.nextToken, m.limit, m.capacity());
    }

    public static Batch batch(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, "Statements");
        if (m.statements == null) {
            throw WireException.missing("statements");
        }
        return new Batch(m.statements, m.capacity());
    }

    public static Transaction transaction(byte[] body, int offset, int length) {
        Members m = read(body, offset, length, "TransactStatements");
        if (m.statements == null) {
            throw WireException.missing("transactStatements");
        }
        return new Transaction(m.statements, m.clientRequestToken, m.capacity());
    }

    private static Members read(byte[] body, int offset, int length, String listMember) {
        return JsonIn.readRequest(body, offset, length, new Members(listMember), PartiQlRequests::member);
    }

    /** One member of a request or statement object; the object's {@code listMember} holds statement objects. */
    private static void member(Members m, JsonIn in, String name) throws IOException {
        if (name.equals(m.listMember)) {
            m.statements = statements(in, name);
            return;
        }
        switch (name) {
            case "Statement" -> m.statement = in.string(name);
            case "Parameters" -> m.parameters = parameters(in, name);
            case "ConsistentRead" -> m.consistentRead = in.bool(name);
            case "ReturnValuesOnConditionCheckFailure" -> m.returnOnFailure = in.string(name);
            case "NextToken" -> m.nextToken = in.string(name);
            case "Limit" -> m.limit = in.integer(name);
            case "ReturnConsumedCapacity" -> m.returnConsumedCapacity = in.string(name);
            case "ClientRequestToken" -> m.clientRequestToken = in.string(name);
            default -> in.skip();
        }
    }

    private static List<Statement> statements(JsonIn in, String name) throws IOException {
        if (!in.array(name)) {
            return null;
        }
        List<Statement> out = new ArrayList<>();
        while (in.nextElement()) {
            if (!in.object(name)) {
                throw WireException.serialization("Unexpected value type for " + name + ": expected a structure");
            }
            out.add(in.forEachMember(new Members(null), PartiQlRequests::member).toStatement("statement"));
        }
        return out;
    }

    private static List<AttributeValue> parameters(JsonIn in, String name) throws IOException {
        if (!in.array(name)) {
            return null;
        }
        List<AttributeValue> out = new ArrayList<>();
        while (in.nextElement()) {
            out.add(AttributeValues.read(in.p));
        }
        return out;
    }
}
