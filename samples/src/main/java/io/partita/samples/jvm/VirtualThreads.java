package io.partita.samples.jvm;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * JDK 21's virtual threads for code compiled with {@code --release 17}: {@code Executors.newVirtualThreadPerTaskExecutor()}
 * and {@code Thread.isVirtual()} called through method handles, found once. On JDK 17 both are absent and
 * {@link #perTaskExecutor()} is empty. An application that targets 21 calls the two methods directly; Partita's API
 * needs nothing else to run on virtual threads (VirtualThreadsTest; the runtime and the core use no ThreadLocal).
 */
public final class VirtualThreads {
    private static final MethodHandle NEW_EXECUTOR = find(() -> MethodHandles.publicLookup()
            .findStatic(
                    Executors.class, "newVirtualThreadPerTaskExecutor", MethodType.methodType(ExecutorService.class)));
    private static final MethodHandle IS_VIRTUAL = find(() ->
            MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class)));

    private VirtualThreads() {}

    /** A new executor that starts a virtual thread per task (JDK 21+), or empty before JDK 21. */
    public static Optional<ExecutorService> perTaskExecutor() {
        if (NEW_EXECUTOR == null) {
            return Optional.empty();
        }
        try {
            return Optional.of((ExecutorService) NEW_EXECUTOR.invokeExact());
        } catch (Throwable e) {
            throw new IllegalStateException("Executors.newVirtualThreadPerTaskExecutor() failed", e);
        }
    }

    /** Whether the calling thread is a virtual thread (always false before JDK 21). */
    public static boolean current() {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(Thread.currentThread());
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.isVirtual() failed", e);
        }
    }

    private interface Lookup {
        MethodHandle find() throws ReflectiveOperationException;
    }

    private static MethodHandle find(Lookup lookup) {
        try {
            return lookup.find();
        } catch (NoSuchMethodException absentBefore21) {
            return null;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
