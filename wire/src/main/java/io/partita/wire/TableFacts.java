package io.partita.wire;

import io.partita.storage.schema.ProvisionedThroughput;

/**
 * What DynamoDB reports of a table beyond the core's schema and figures: creation time (epoch seconds), table
 * id, billing mode, provisioned throughput, deletion protection, stream specification ({@code null}: none).
 */
public record TableFacts(
        double created,
        String id,
        String billingMode,
        ProvisionedThroughput throughput,
        boolean deletionProtection,
        StreamSpecification streamSpecification) {}
