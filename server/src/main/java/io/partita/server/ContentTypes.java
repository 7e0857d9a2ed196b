package io.partita.server;

/**
 * The request media types DynamoDB's endpoint serves: {@code application/x-amz-json-1.0} (what every AWS SDK
 * and the CLI send) and {@code application/json}, parameters such as {@code ; charset=utf-8} ignored, names in
 * any case. DynamoDB answers any other type, {@code application/x-amz-json-1.1} (the AWS JSON protocol of other
 * services) included, with a 404 "Page Not Found" page; the server answers it with a 404 in DynamoDB's JSON error
 * shape ({@code UnknownOperationException}, naming the type), so a client sees at once what it sent wrong. A request
 * without a Content-Type (hand-written {@code curl} or test clients) is served: DynamoDB Local serves every type,
 * and refusing none of these is the one leniency kept.
 */
final class ContentTypes {
    static final String JSON_10 = "application/x-amz-json-1.0";
    static final String JSON = "application/json";

    private ContentTypes() {}

    /** Throws the 404 to answer unless {@code contentType} (null when absent) is one DynamoDB serves. */
    static void check(String contentType) {
        if (contentType == null || contentType.isBlank() || accepted(contentType)) {
            return;
        }
        throw new ApiException(
                Errors.CORAL_NAMESPACE,
                "UnknownOperationException",
                404,
                "Unsupported Content-Type '" + quoted(contentType) + "': DynamoDB's JSON protocol takes " + JSON_10);
    }

    static boolean accepted(String contentType) {
        int semicolon = contentType.indexOf(';');
        String media = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
        return media.equalsIgnoreCase(JSON_10) || media.equalsIgnoreCase(JSON);
    }

    /** The header as sent, cut to 100 characters (a header can be long; the error only has to name it). */
    private static String quoted(String contentType) {
        return contentType.length() <= 100 ? contentType : contentType.substring(0, 100) + "...";
    }
}
