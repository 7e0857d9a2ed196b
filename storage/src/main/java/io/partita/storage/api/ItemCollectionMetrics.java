package io.partita.storage.api;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/**
 * Size of the item collection a write touched (tables with local secondary indexes only): the partition
 * key value, and DynamoDB's estimate range in gigabytes. {@code sizeBytes} is the core's exact figure.
 */
public record ItemCollectionMetrics(
        Map<String, AttributeValue> itemCollectionKey,
        double sizeEstimateLowerGb,
        double sizeEstimateUpperGb,
        long sizeBytes) {}
