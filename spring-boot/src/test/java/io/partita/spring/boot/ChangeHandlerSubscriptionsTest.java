package io.partita.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Change;
import io.partita.ChangeHandler;
import io.partita.Subscription;
import io.partita.feed.MemoryCheckpointStore;
import io.partita.spring.boot.library.Book;
import io.partita.spring.boot.library.BookRepository;
import io.partita.spring.boot.shop.Customer;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A bean implementing {@code ChangeHandler<Book>} is subscribed to the books' change feed when the context starts and
 * stopped when it closes (real contexts: ApplicationContextRunner); with a CheckpointStore bean its checkpoint is
 * saved under the bean's name; a handler of a type no streamed table feeds fails the startup, naming it.
 */
class ChangeHandlerSubscriptionsTest {
    /** A typed change handler bean: the books' changes, in a queue the test reads. */
    static final class BookFeed implements ChangeHandler<Book> {
        final BlockingQueue<Change<Book>> seen = new LinkedBlockingQueue<>();

        @Override
        public void handle(Change<Book> change) {
            seen.add(change);
        }
    }

    /** A handler of an entity whose table has no stream. */
    static final class CustomerFeed implements ChangeHandler<Customer> {
        @Override
        public void handle(Change<Customer> change) {}
    }

    final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(PartitaAutoConfiguration.class, PartitaChangeFeedAutoConfiguration.class));

    @Test
    void aHandlerBeanIsSubscribedAtStartupAndStoppedAtShutdown() throws InterruptedException {
        MemoryCheckpointStore store = new MemoryCheckpointStore();
        Subscription[] subscription = new Subscription[1];
        runner.withBean("bookFeed", BookFeed.class, BookFeed::new)
                .withBean(MemoryCheckpointStore.class, () -> store)
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(ChangeHandlerSubscriptions.class);
                    ChangeHandlerSubscriptions subscriptions = context.getBean(ChangeHandlerSubscriptions.class);
                    assertThat(subscriptions.isRunning()).isTrue();
                    List<Subscription> running = subscriptions.subscriptions();
                    assertThat(running).hasSize(1);
                    subscription[0] = running.get(0);

                    context.getBean(BookRepository.class).put(new Book("1", "Knuth", 1997, "TAOCP 1"));
                    Change<Book> c = context.getBean(BookFeed.class).seen.poll(30, TimeUnit.SECONDS);
                    assertThat(c).isNotNull();
                    assertThat(c.type()).isEqualTo(Change.Type.INSERT);
                    assertThat(c.newValue()).map(Book::title).contains("TAOCP 1");
                });
        assertThat(subscription[0].isRunning())
                .as("stopped when the context closed")
                .isFalse();
        assertThat(subscription[0].done()).isCompleted();
        assertThat(store.load("bookFeed"))
                .as("the checkpoint after the handled batch")
                .isPresent();
    }

    @Test
    void aHandlerOfATypeNoStreamedTableFeedsFailsTheStartup() {
        runner.withBean("customerFeed", CustomerFeed.class, CustomerFeed::new)
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageStartingWith("change handler bean customerFeed handles changes of"
                                + " io.partita.spring.boot.shop.Customer, but no repository bean of a @ChangeStream table"
                                + " feeds that type"));
    }

    @Test
    void withoutHandlersThereIsNothingToSubscribe() {
        runner.run(context -> assertThat(context).doesNotHaveBean(ChangeHandlerSubscriptions.class));
    }
}
