package io.partita.junit.server;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Starts Partita's DynamoDB-compatible HTTP server for a test class, on a free port of 127.0.0.1, and stops it after
 * the class: the Testcontainers habit for code that talks to DynamoDB over HTTP (any SDK, the CLI, a Spring
 * application), without Docker, in the test's own JVM. Needs {@code io.partita:partita-server} on the test class
 * path (this module declares it optional).
 *
 * <p>Test methods, constructors and lifecycle methods may declare parameters of type {@link java.net.URI} (the
 * endpoint, {@code http://127.0.0.1:<port>}) and, with the AWS SDK v2's DynamoDB module on the class path,
 * {@code software.amazon.awssdk.services.dynamodb.DynamoDbClient} (a client for that endpoint, region
 * {@code us-east-1}, dummy credentials, closed with the server). Fields of those types annotated {@link Inject}
 * are set before each test; static ones before all of the class's tests.
 *
 * <pre>{@code
 * @PartitaServer
 * class OrdersApiTest {
 *     @PartitaServer.Inject
 *     static URI dynamoDb;
 *
 *     @Test
 *     void storesAnOrder(DynamoDbClient client) {
 *         client.createTable(...);
 *         new OrdersApi(dynamoDb).place(...);
 *     }
 * }
 * }</pre>
 *
 * <p>Every test of the class shares one server and its tables; delete what a test needs gone.
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(PartitaServerExtension.class)
public @interface PartitaServer {
    /** Serve a durable database in a fresh temporary directory (deleted after the class) instead of memory. */
    boolean durable() default false;

    /** A field to set to the server's endpoint ({@link java.net.URI}) or its SDK {@code DynamoDbClient}. */
    @Target(ElementType.FIELD)
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @interface Inject {}
}
