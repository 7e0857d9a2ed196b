package io.partita.processor;

import io.partita.processor.diag.Diagnostics;
import io.partita.processor.diag.Message;
import io.partita.processor.diag.Phrase;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * DynamoDB's published limits, in one place. Only the GSI quota is a soft limit (an account can raise
 * it), so only it can be changed, with the processor option {@value #MAX_GSIS_OPTION}.
 */
public final class Limits {
    /** Processor option raising the per-table GSI quota. */
    public static final String MAX_GSIS_OPTION = "partita.maxGsisPerTable";

    /** Processor option naming the committed design file every compilation is compared with. */
    public static final String BASELINE_OPTION = "partita.baseline";

    /** Every option the processor understands. */
    public static final Set<String> OPTIONS = Set.of(MAX_GSIS_OPTION, BASELINE_OPTION);

    /** DynamoDB's default quota of global secondary indexes per table (soft). */
    public static final int DEFAULT_MAX_GSIS = 20;
    /** Local secondary indexes per table (hard). */
    public static final int MAX_LSIS = 5;
    /** Attributes in each of the partition and sort key of a multi-attribute GSI key. */
    public static final int MAX_KEY_PARTS = 4;
    /** INCLUDE attributes summed over all indexes of a table. */
    public static final int MAX_INCLUDE_ATTRIBUTES = 100;
    /** Table and index names: length. */
    public static final int MIN_NAME_LENGTH = 3;

    public static final int MAX_NAME_LENGTH = 255;
    /** Table and index names: characters. */
    public static final Pattern NAME_CHARACTERS = Pattern.compile("[a-zA-Z0-9_.\\-]+");
    /** Key attribute names: length. */
    public static final int MIN_KEY_ATTRIBUTE_NAME_LENGTH = 1;

    public static final int MAX_KEY_ATTRIBUTE_NAME_LENGTH = 255;
    /** {@code @Scatter} shard counts. */
    public static final int MIN_SHARDS = 2;

    public static final int MAX_SHARDS = 1000;
    /** An enum with at most this many constants makes a low-cardinality partition key. */
    public static final int LOW_CARDINALITY_ENUM_CONSTANTS = 10;

    private final int maxGsis;

    public Limits(int maxGsis) {
        this.maxGsis = maxGsis;
    }

    public static Limits defaults() {
        return new Limits(DEFAULT_MAX_GSIS);
    }

    /** Reads the options; an unusable value is reported and ignored. */
    public static Limits fromOptions(Map<String, String> options, Diagnostics diagnostics) {
        String raw = options.get(MAX_GSIS_OPTION);
        if (raw == null) {
            return defaults();
        }
        try {
            int n = Integer.parseInt(raw.trim());
            if (n >= 1) {
                return new Limits(n);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        diagnostics.report(
                Message.InvalidOption,
                null,
                MAX_GSIS_OPTION,
                raw,
                Phrase.POSITIVE_INTEGER_EXPECTED.with(DEFAULT_MAX_GSIS));
        return defaults();
    }

    public int maxGsis() {
        return maxGsis;
    }

    /** Whether {@code name} is a valid table or index name. */
    public static boolean isValidName(String name) {
        return name.length() >= MIN_NAME_LENGTH
                && name.length() <= MAX_NAME_LENGTH
                && NAME_CHARACTERS.matcher(name).matches();
    }
}
