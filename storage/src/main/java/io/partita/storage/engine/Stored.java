package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** An immutable item (or index entry) as stored, with its DynamoDB size computed once. */
record Stored(Map<String, AttributeValue> item, int size) {}
