package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.TransactionCanceledException.CancellationReason;
import io.partita.storage.engine.ThroughputScopes.Scope;
import io.partita.storage.expression.KeyConditionTerm;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a throttled request is told: DynamoDB's sentence for the level that fell short, followed by a bracketed
 * detail naming the table or index, the partition key value and the units needed and available.
 */
final class ThrottleMessages {
    private ThrottleMessages() {}

    /** The exception for a request whose charge {@code i} fell short. */
    static ProvisionedThroughputExceededException throttled(ThroughputCharges r, int i, long now) {
        Scope s = r.scopes[i];
        String sentence = r.partitionLevel[i] ? Message.HotPartition.format() : provisionedSentence(s);
        return new ProvisionedThroughputExceededException(sentence + detail(r, i, now));
    }

    /** A transaction's cancellation reason for charge {@code i}: DynamoDB's code for provisioned or on-demand capacity. */
    static CancellationReason cancellation(ThroughputCharges r, int i, long now) {
        Scope s = r.scopes[i];
        return s.provisioned
                ? new CancellationReason(
                        "ProvisionedThroughputExceeded", provisionedSentence(s) + detail(r, i, now), null)
                : new CancellationReason("ThrottlingError", onDemandSentence(s) + detail(r, i, now), null);
    }

    /** "a = v" for each partition key attribute of a query's key condition. */
    static String partitionLabel(List<KeyConditionTerm> terms, KeyAttribute[] pk) {
        List<String> parts = new ArrayList<>();
        for (KeyAttribute k : pk) {
            for (KeyConditionTerm term : terms) {
                if (term.attribute().equals(k.name())) {
                    parts.add(k.name() + " = " + term.low());
                }
            }
        }
        return String.join(", ", parts);
    }

    private static String provisionedSentence(Scope s) {
        return s.index == null ? Message.TableThroughputExceeded.format() : Message.IndexThroughputExceeded.format();
    }

    private static String onDemandSentence(Scope s) {
        return s.index == null ? Message.TableThrottled.format() : Message.IndexThrottled.format();
    }

    /** " [IndexWriteKeyRangeThroughputExceeded: global secondary index X of table T, partition key a = {S: "v"}: ...]" */
    private static String detail(ThroughputCharges r, int i, long now) {
        Scope s = r.scopes[i];
        boolean write = r.writes[i];
        TokenBucket b = r.buckets[i];
        StringBuilder sb = new StringBuilder(" [");
        sb.append(s.index == null ? "Table" : "Index")
                .append(write ? "Write" : "Read")
                .append(r.partitionLevel[i] ? "KeyRangeThroughputExceeded" : "ProvisionedThroughputExceeded")
                .append(": ")
                .append(s.describe());
        if (r.partitionLevel[i]) {
            sb.append(", partition key ").append(label(s, r.labels[i]));
        }
        sb.append(String.format(
                ": needs %s %s units, %s available of %s units/s%s]",
                units(b.pending),
                write ? "write" : "read",
                units(Math.max(0, b.available(now))),
                units(b.ratePerSecond()),
                r.partitionLevel[i]
                        ? " per partition key value"
                        : s.index == null ? " provisioned" : " provisioned for the index"));
        return sb.toString();
    }

    private static String units(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format("%.2f", v);
    }

    @SuppressWarnings("unchecked")
    private static String label(Scope s, Object label) {
        if (label instanceof Supplier<?> supplier) {
            return String.valueOf(supplier.get());
        }
        if (label instanceof AttributeValue v) {
            return s.partitionKey[0].name() + " = " + v;
        }
        if (label instanceof Map<?, ?> item) {
            List<String> parts = new ArrayList<>(s.partitionKey.length);
            for (KeyAttribute k : s.partitionKey) {
                parts.add(k.name() + " = " + ((Map<String, AttributeValue>) item).get(k.name()));
            }
            return String.join(", ", parts);
        }
        return label instanceof OrderKey k ? "of encoded partition " + k.partition() : String.valueOf(label);
    }
}
