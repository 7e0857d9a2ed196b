package io.partita.storage.schema;

/**
 * DynamoDB's published limits, in one place: on a table's definition (enforced by the core on CreateTable and
 * UpdateTable, reported by the annotation processor at compile time) and on requests (items, documents, batches and
 * transactions, enforced by the core for every caller; the wire codec reads requests within them). Each constant
 * names DynamoDB's rule. Only the GSI count is a soft limit (an AWS account can raise its quota); the rest are
 * hard.
 */
public final class Limits {
    /** Global secondary indexes per table: DynamoDB's default quota (soft: an account can raise it). */
    public static final int MAX_GSIS_PER_TABLE = 20;

    /** Local secondary indexes per table (hard). */
    public static final int MAX_LSIS_PER_TABLE = 5;

    /**
     * Attributes in each of the partition key and the sort key of a multi-attribute GSI key: a GSI's partition
     * key has 1 to 4 attributes, its sort key 0 to 4.
     */
    public static final int MAX_KEY_ATTRIBUTES_PER_GSI_KEY = 4;

    /**
     * Non-key attributes projected with {@code INCLUDE}, summed over every secondary index of a table (an attribute
     * named by two indexes counts twice).
     */
    public static final int MAX_PROJECTED_ATTRIBUTES_PER_TABLE = 100;

    /** Table and index names: at least this many characters. */
    public static final int MIN_TABLE_OR_INDEX_NAME_LENGTH = 3;

    /** Table and index names: at most this many characters. */
    public static final int MAX_TABLE_OR_INDEX_NAME_LENGTH = 255;

    /** Key attribute names (table and index keys): at least this many characters. */
    public static final int MIN_KEY_ATTRIBUTE_NAME_LENGTH = 1;

    /** Key attribute names (table and index keys): at most this many characters. */
    public static final int MAX_KEY_ATTRIBUTE_NAME_LENGTH = 255;

    /** An item's size: its attribute names and values in UTF-8, as DynamoDB accounts them. */
    public static final int MAX_ITEM_BYTES = 400 * 1024;

    /**
     * Levels of maps and lists a document may nest: a top-level map or list is level 1, a map in it level 2, and so
     * on; a value nested deeper is refused.
     */
    public static final int MAX_DOCUMENT_LEVELS = 32;

    /** Actions in one TransactWriteItems or TransactGetItems. */
    public static final int MAX_TRANSACT_ITEMS = 100;

    /** The aggregate size of the items in one TransactWriteItems (Put items, and the keys of the other actions). */
    public static final int MAX_TRANSACTION_BYTES = 4 * 1024 * 1024;

    /** TransactWriteItems' {@code ClientRequestToken}: at least this many characters. */
    public static final int MIN_CLIENT_REQUEST_TOKEN_LENGTH = 1;

    /** TransactWriteItems' {@code ClientRequestToken}: at most this many characters. */
    public static final int MAX_CLIENT_REQUEST_TOKEN_LENGTH = 36;

    /** Keys in one BatchGetItem, over all of its tables. */
    public static final int MAX_BATCH_GET_KEYS = 100;

    /** Put and delete requests in one BatchWriteItem, over all of its tables; each table's list has at least one. */
    public static final int MAX_BATCH_WRITES = 25;

    /** An attribute name's UTF-8 size must stay below this (DynamoDB: "less than 65536 bytes", so 65,535 at most). */
    public static final int MAX_ATTRIBUTE_NAME_BYTES_EXCLUSIVE = 65_536;

    private Limits() {}

    /**
     * Whether {@code name} is a valid table or index name: {@value #MIN_TABLE_OR_INDEX_NAME_LENGTH} to
     * {@value #MAX_TABLE_OR_INDEX_NAME_LENGTH} characters of {@code [a-zA-Z0-9_.-]}. Checked by hand: a
     * {@code java.util.regex.Pattern} here cost ≈30 classes on a cold start's first table creation.
     */
    public static boolean isValidTableOrIndexName(String name) {
        int n = name.length();
        if (n < MIN_TABLE_OR_INDEX_NAME_LENGTH || n > MAX_TABLE_OR_INDEX_NAME_LENGTH) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '_'
                    || c == '.'
                    || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
