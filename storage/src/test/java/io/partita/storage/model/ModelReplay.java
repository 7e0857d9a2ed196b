package io.partita.storage.model;

import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.List;

/** Replays operation sequences on a fresh core and model, and shrinks failing ones to a short reproduction. */
final class ModelReplay {
    private ModelReplay() {}

    /** The outcome of one replay: null when every operation agreed, else the index of the failing op and the error. */
    record Failure(int index, AssertionError error) {
        String category() {
            String m = String.valueOf(error.getMessage());
            int cut = m.indexOf(':');
            return m.substring(0, Math.min(cut < 0 ? m.length() : cut, 60));
        }
    }

    static Storage freshStorage() {
        Storage s = TestStorage.create(StorageOptions.defaults());
        for (TableDefinition d : ModelSchemas.all()) {
            s.createTable(d);
        }
        return s;
    }

    static Failure replay(List<Op> ops, boolean strictTieOrder) {
        try (Storage storage = freshStorage()) {
            ModelRunner runner = new ModelRunner(storage, new ReferenceStore(ModelSchemas.all()), strictTieOrder);
            for (int i = 0; i < ops.size(); i++) {
                try {
                    runner.run(ops.get(i));
                } catch (AssertionError e) {
                    return new Failure(i, e);
                } catch (RuntimeException e) {
                    return new Failure(i, new AssertionError("unexpected " + e, e));
                }
            }
            return null;
        }
    }

    /**
     * Delta debugging over the operations before the failing one (which is kept last): drop chunks while the
     * replay still fails at its last operation with the same category of disagreement.
     */
    static List<Op> shrink(List<Op> failing, Failure original, boolean strictTieOrder, long budgetMillis) {
        long deadline = System.currentTimeMillis() + budgetMillis;
        String category = original.category();
        List<Op> current = new ArrayList<>(failing.subList(0, original.index() + 1));
        int chunk = Math.max(1, (current.size() - 1) / 2);
        while (chunk >= 1 && System.currentTimeMillis() < deadline) {
            boolean removed = false;
            for (int start = 0; start < current.size() - 1 && System.currentTimeMillis() < deadline; ) {
                int end = Math.min(start + chunk, current.size() - 1);
                List<Op> candidate = new ArrayList<>(current.subList(0, start));
                candidate.addAll(current.subList(end, current.size()));
                Failure f = replay(candidate, strictTieOrder);
                if (f != null
                        && f.index() == candidate.size() - 1
                        && f.category().equals(category)) {
                    current = candidate;
                    removed = true;
                } else {
                    start += chunk;
                }
            }
            if (!removed) {
                chunk /= 2;
            }
        }
        return current;
    }
}
