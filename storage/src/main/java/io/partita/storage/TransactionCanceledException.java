package io.partita.storage;

import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A transaction was cancelled; nothing it contained was applied. {@link #reasons()} holds one entry per
 * action, in request order, with code {@code None} for the actions that were not at fault.
 */
public class TransactionCanceledException extends StorageException {
    /** Why one action of a transaction failed: {@code None}, {@code ConditionalCheckFailed}, {@code ValidationError}, ... */
    public record CancellationReason(String code, String message, Map<String, AttributeValue> item) {
        public static final CancellationReason NONE = new CancellationReason("None", null, null);

        public boolean isNone() {
            return "None".equals(code);
        }
    }

    private final transient List<CancellationReason> reasons;

    public TransactionCanceledException(List<CancellationReason> reasons) {
        super(Message.TransactionCancelled.format(
                reasons.stream().map(CancellationReason::code).collect(Collectors.joining(", ", "[", "]"))));
        this.reasons = List.copyOf(reasons);
    }

    public List<CancellationReason> reasons() {
        return reasons;
    }

    @Override
    public String errorCode() {
        return "TransactionCanceledException";
    }
}
