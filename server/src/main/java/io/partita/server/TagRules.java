package io.partita.server;

/**
 * DynamoDB's documented tagging restrictions ("Tagging restrictions in DynamoDB"): a key of 1 to 128 and a
 * value of at most 256 Unicode characters, made of letters, white space, numbers and {@code + - = . _ : /};
 * the {@code aws:} prefix is AWS's own. DynamoDB Local serves no tagging at all, so these follow the
 * documentation; the length errors take the wording of DynamoDB's request-constraint errors.
 */
final class TagRules {
    static final int MAX_KEY = 128;
    static final int MAX_VALUE = 256;

    private TagRules() {}

    /** Checks the {@code index}-th (from 1) tag of a request. */
    static void check(int index, String key, String value) {
        if (key.isEmpty() || key.codePointCount(0, key.length()) > MAX_KEY) {
            throw ApiException.validation("1 validation error detected: Value '" + key + "' at 'tags." + index
                    + ".member.key' failed to satisfy constraint: Member must have length "
                    + (key.isEmpty() ? "greater than or equal to 1" : "less than or equal to " + MAX_KEY));
        }
        if (value.codePointCount(0, value.length()) > MAX_VALUE) {
            throw ApiException.validation("1 validation error detected: Value '" + value + "' at 'tags." + index
                    + ".member.value' failed to satisfy constraint: Member must have length less than or equal to "
                    + MAX_VALUE);
        }
        if (key.regionMatches(true, 0, "aws:", 0, 4)) {
            throw ApiException.validation("One or more parameter values were invalid: Tag key " + key
                    + " starts with aws:, a prefix reserved for AWS-assigned tags");
        }
        checkCharacters("key", key);
        checkCharacters("value", value);
    }

    private static void checkCharacters(String what, String text) {
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (!allowed(c)) {
                throw ApiException.validation("One or more parameter values were invalid: Tag " + what + " " + text
                        + " contains the character '" + new String(Character.toChars(c))
                        + "'; tags may contain letters, white space, numbers and + - = . _ : /");
            }
            i += Character.charCount(c);
        }
    }

    private static boolean allowed(int c) {
        return Character.isLetterOrDigit(c)
                || Character.isSpaceChar(c)
                || Character.isWhitespace(c)
                || "+-=._:/".indexOf(c) >= 0;
    }
}
