package io.partita.storage.model;

import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.expression.ExpressionKind;
import io.partita.storage.expression.Expressions;

/** Which parts of the core have landed: tests skip (engine) or narrow (expressions) until they have. */
public final class ModelOps {
    private ModelOps() {}

    private static volatile Boolean expressions;

    public static boolean engineAvailable() {
        try {
            TestStorage.create(StorageOptions.defaults()).close();
            return true;
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    public static boolean expressionsAvailable() {
        Boolean e = expressions;
        if (e == null) {
            try {
                Expressions.parseCondition("attribute_exists(a)", ExpressionKind.CONDITION);
                e = true;
            } catch (UnsupportedOperationException ex) {
                e = false;
            } catch (RuntimeException ex) {
                e = true;
            }
            expressions = e;
        }
        return e;
    }
}
