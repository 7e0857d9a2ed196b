package io.partita.spring.boot;

import io.partita.ChangeFeed;
import io.partita.ChangeHandler;
import io.partita.CheckpointStore;
import io.partita.StartingPosition;
import io.partita.SubscribeOptions;
import io.partita.Subscription;
import io.partita.feed.ChangeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.ResolvableType;

/**
 * Subscribes every {@link ChangeHandler} bean to the feed of its entity type at startup and stops the subscriptions
 * at shutdown ({@link SmartLifecycle}: started after the other beans, stopped before them, so a handler may use any
 * repository). A handler of {@code ChangeHandler<Book>} reads the feed of the repository bean whose
 * {@link ChangeSource#changeType()} is {@code Book} (a {@code @ChangeStream} table's repository). With a
 * {@link CheckpointStore} bean, each subscription saves its checkpoint there under the handler's bean name and resumes
 * from it at the next start; without one, or before its first checkpoint, it starts at the latest position.
 * Stopping closes each subscription, which waits for the batch its handler is working on. A subscription that stops
 * on its own (its handler failed every attempt at a batch) is logged at ERROR with the cause.
 */
public class ChangeHandlerSubscriptions implements SmartLifecycle {
    private static final Log log = LogFactory.getLog(ChangeHandlerSubscriptions.class);

    private final ListableBeanFactory beans;
    private final List<Subscription> running = new ArrayList<>();

    public ChangeHandlerSubscriptions(ListableBeanFactory beans) {
        this.beans = beans;
    }

    @Override
    public synchronized void start() {
        if (!running.isEmpty()) {
            return;
        }
        CheckpointStore store = beans.getBeanProvider(CheckpointStore.class).getIfUnique();
        @SuppressWarnings("rawtypes")
        Map<String, ChangeHandler> handlers = beans.getBeansOfType(ChangeHandler.class);
        for (Map.Entry<String, ?> h : handlers.entrySet()) {
            running.add(subscribe(h.getKey(), (ChangeHandler<?>) h.getValue(), store));
        }
    }

    /** The subscriptions running now, by handler bean name order of startup. */
    public synchronized List<Subscription> subscriptions() {
        return List.copyOf(running);
    }

    @Override
    public synchronized void stop() {
        for (Subscription s : running) {
            s.close();
        }
        running.clear();
    }

    @Override
    public synchronized boolean isRunning() {
        return !running.isEmpty();
    }

    private Subscription subscribe(String name, ChangeHandler<?> handler, CheckpointStore store) {
        Class<?> type = ResolvableType.forClass(ChangeHandler.class, AopUtils.getTargetClass(handler))
                .getGeneric(0)
                .resolve();
        if (type == null) {
            throw new IllegalStateException(Messages.UNRESOLVED_HANDLER_TYPE.format(name));
        }
        ChangeSource<?> source = source(name, type);
        Subscription s = open(source, name, handler, store);
        var unused = s.done().exceptionally(failure -> {
            log.error(Messages.HANDLER_STOPPED.format(name), failure);
            return null;
        });
        return s;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Subscription open(ChangeSource source, String name, ChangeHandler handler, CheckpointStore store) {
        ChangeFeed<?> feed = store == null
                ? source.changes(StartingPosition.LATEST)
                : store.load(name).map(c -> source.changes(c)).orElseGet(() -> source.changes(StartingPosition.LATEST));
        SubscribeOptions options = store == null
                ? SubscribeOptions.defaults()
                : SubscribeOptions.defaults().checkpoints(store, name);
        return ((ChangeFeed) feed).subscribe(handler, options);
    }

    /** The one repository bean whose feed delivers {@code type}. */
    private ChangeSource<?> source(String handler, Class<?> type) {
        Map<String, ChangeSource<?>> matching = new LinkedHashMap<>();
        @SuppressWarnings("rawtypes")
        Map<String, ChangeSource> sources = beans.getBeansOfType(ChangeSource.class);
        sources.forEach((name, s) -> {
            if (s.changeType() == type) {
                matching.put(name, s);
            }
        });
        if (matching.isEmpty()) {
            throw new IllegalStateException(
                    Messages.NO_CHANGE_SOURCE.format(handler, type.getName(), type.getSimpleName()));
        }
        if (matching.size() > 1) {
            throw new IllegalStateException(Messages.TWO_CHANGE_SOURCES.format(
                    handler, type.getName(), matching.size(), String.join(", ", matching.keySet())));
        }
        return matching.values().iterator().next();
    }
}
