package io.partita.wire;

import io.partita.storage.schema.ProvisionedThroughput;

/**
 * What DynamoDB reports of a table beyond the core's schema and figures: creation time (epoch seconds), table
 * id, billing mode, provisioned throughput, deletion protection. The stream specification is the core's (it acts on
 * it), reported from its {@link io.partita.storage.api.TableDescription}.
 */
public record TableFacts(
        double created, String id, String billingMode, ProvisionedThroughput throughput, boolean deletionProtection) {}
