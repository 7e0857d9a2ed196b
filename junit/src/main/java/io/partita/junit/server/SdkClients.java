package io.partita.junit.server;

import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The SDK client {@link PartitaServer} hands out, in a class of its own: it is loaded only when a test asks for a
 * {@code DynamoDbClient}, so the extension runs without the SDK on the class path.
 */
final class SdkClients {
    private SdkClients() {}

    static DynamoDbClient forEndpoint(URI endpoint) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("partita", "partita")))
                .build();
    }
}
