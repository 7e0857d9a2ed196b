package io.partita.processor;

import io.partita.processor.diag.Diagnostics;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.storage.schema.Limits;
import java.util.Map;
import java.util.Set;

/**
 * The limits the processor checks a design against: DynamoDB's, from the core's
 * {@link Limits} (one place for the processor and the core), and the processor's own
 * ({@code @Scatter} shard counts, low cardinality). Only the GSI quota is a soft limit (an account can raise it), so
 * only it can be changed, with the processor option {@value #MAX_GSIS_OPTION}.
 */
public final class DesignLimits {
    /** Processor option raising the per-table GSI quota. */
    public static final String MAX_GSIS_OPTION = "partita.maxGsisPerTable";

    /** Processor option naming the committed design file every compilation is compared with. */
    public static final String BASELINE_OPTION = "partita.baseline";

    /** Every option the processor understands. */
    public static final Set<String> OPTIONS = Set.of(MAX_GSIS_OPTION, BASELINE_OPTION);

    /** DynamoDB's default quota of global secondary indexes per table (soft). */
    public static final int DEFAULT_MAX_GSIS = Limits.MAX_GSIS_PER_TABLE;
    /** Local secondary indexes per table (hard). */
    public static final int MAX_LSIS = Limits.MAX_LSIS_PER_TABLE;
    /** Attributes in each of the partition and sort key of a multi-attribute GSI key. */
    public static final int MAX_KEY_PARTS = Limits.MAX_KEY_ATTRIBUTES_PER_GSI_KEY;
    /** INCLUDE attributes summed over all indexes of a table. */
    public static final int MAX_INCLUDE_ATTRIBUTES = Limits.MAX_PROJECTED_ATTRIBUTES_PER_TABLE;
    /** Key attribute names: length. */
    public static final int MAX_KEY_ATTRIBUTE_NAME_LENGTH = Limits.MAX_KEY_ATTRIBUTE_NAME_LENGTH;
    /** {@code @Scatter} shard counts. */
    public static final int MIN_SHARDS = 2;

    public static final int MAX_SHARDS = 1000;
    /** An enum with at most this many constants makes a low-cardinality partition key. */
    public static final int LOW_CARDINALITY_ENUM_CONSTANTS = 10;

    private final int maxGsis;

    public DesignLimits(int maxGsis) {
        this.maxGsis = maxGsis;
    }

    public static DesignLimits defaults() {
        return new DesignLimits(DEFAULT_MAX_GSIS);
    }

    /** Reads the options; an unusable value is reported and ignored. */
    public static DesignLimits fromOptions(Map<String, String> options, Diagnostics diagnostics) {
        String raw = options.get(MAX_GSIS_OPTION);
        if (raw == null) {
            return defaults();
        }
        try {
            int n = Integer.parseInt(raw.trim());
            if (n >= 1) {
                return new DesignLimits(n);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        diagnostics.report(
                Rule.InvalidOption,
                null,
                MAX_GSIS_OPTION,
                raw,
                Phrase.POSITIVE_INTEGER_EXPECTED.with(DEFAULT_MAX_GSIS));
        return defaults();
    }

    public int maxGsis() {
        return maxGsis;
    }

    /** Whether {@code name} is a valid table or index name (DynamoDB's rule). */
    public static boolean isValidName(String name) {
        return Limits.isValidTableOrIndexName(name);
    }
}
