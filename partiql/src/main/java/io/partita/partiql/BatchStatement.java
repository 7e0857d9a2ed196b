package io.partita.partiql;

import io.partita.storage.value.AttributeValue;
import java.util.List;

/** One statement of {@code BatchExecuteStatement} or {@code ExecuteTransaction} with its parameters. */
public record BatchStatement(
        String statement,
        List<AttributeValue> parameters,
        boolean consistentRead,
        boolean returnOldItemOnConditionFailure) {
    public BatchStatement {
        parameters = parameters == null ? List.of() : parameters;
    }
}
