package io.partita.server;

import io.partita.dynamodb.DynamoDbLocal;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/** Stops the shared test server and DynamoDB Local when the JUnit launcher session ends (registered as a service). */
public final class TestServerSession implements LauncherSessionListener {
    @Override
    public void launcherSessionClosed(LauncherSession session) {
        TestServer.shutdown();
        DynamoDbLocal.shutdown();
    }
}
