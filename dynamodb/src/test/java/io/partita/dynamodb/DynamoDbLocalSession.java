package io.partita.dynamodb;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/** Shuts the shared DynamoDB Local down when the JUnit launcher session ends (registered as a service). */
public final class DynamoDbLocalSession implements LauncherSessionListener {
    @Override
    public void launcherSessionClosed(LauncherSession session) {
        DynamoDbLocal.shutdown();
        DynamoDbLocalHttp.shutdown();
    }
}
