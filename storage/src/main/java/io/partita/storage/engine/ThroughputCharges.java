package io.partita.storage.engine;

import io.partita.storage.engine.ThroughputScopes.Scope;
import java.util.Arrays;

/**
 * The charges of one request against the token buckets, and their all-or-nothing admission. One instance is
 * reused under the owning {@link TokenBucketThroughput}'s monitor.
 */
final class ThroughputCharges {
    int size;
    TokenBucket[] buckets = new TokenBucket[16];
    double[] units = new double[16];
    Scope[] scopes = new Scope[16];
    boolean[] partitionLevel = new boolean[16];
    boolean[] writes = new boolean[16];
    Object[] labels = new Object[16];
    int[] actions = new int[16];
    /** The transaction action the next charges belong to (0 outside transactions). */
    int action;

    void clear() {
        Arrays.fill(buckets, 0, size, null);
        Arrays.fill(scopes, 0, size, null);
        Arrays.fill(labels, 0, size, null);
        size = 0;
        action = 0;
    }

    void add(TokenBucket bucket, double amount, Scope scope, boolean partition, boolean write, Object label) {
        if (size == buckets.length) {
            int n = size * 2;
            buckets = Arrays.copyOf(buckets, n);
            units = Arrays.copyOf(units, n);
            scopes = Arrays.copyOf(scopes, n);
            partitionLevel = Arrays.copyOf(partitionLevel, n);
            writes = Arrays.copyOf(writes, n);
            labels = Arrays.copyOf(labels, n);
            actions = Arrays.copyOf(actions, n);
        }
        buckets[size] = bucket;
        units[size] = amount;
        scopes[size] = scope;
        partitionLevel[size] = partition;
        writes[size] = write;
        labels[size] = label;
        actions[size] = action;
        size++;
    }

    /**
     * Admits the request: takes every charge when every bucket holds its (summed) units. Otherwise takes
     * nothing and returns the index of the first charge whose bucket fell short; with {@code faulty}, also
     * marks every action that charged a bucket that fell short.
     */
    int admit(long now, boolean[] faulty) {
        int n = size;
        for (int i = 0; i < n; i++) {
            buckets[i].refill(now);
            buckets[i].pending = 0;
        }
        for (int i = 0; i < n; i++) {
            buckets[i].pending += units[i];
        }
        int first = -1;
        for (int i = 0; i < n; i++) {
            if (!buckets[i].admits(buckets[i].pending)) {
                if (first < 0) {
                    first = i;
                }
                if (faulty == null) {
                    break;
                }
                faulty[actions[i]] = true;
            }
        }
        if (first < 0) {
            for (int i = 0; i < n; i++) {
                buckets[i].take(units[i]);
            }
        }
        return first;
    }
}
