package io.partita.dynamodb;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.ExpiredIteratorException;
import io.partita.storage.ItemCollectionSizeLimitExceededException;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.ResourceInUseException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.StorageException;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.TrimmedDataAccessException;
import io.partita.storage.ValidationException;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Maps SDK exceptions to the core's, so code catches one set of exceptions on every backend. The core types
 * keep the service's message; the SDK exception is attached as a suppressed exception (the core types take no
 * cause), so its request id and status stay visible in stack traces.
 */
final class Errors {
    private Errors() {}

    /** A failure of an asynchronous SDK call: an SDK exception is mapped; anything else is returned as it is. */
    static RuntimeException map(Throwable e) {
        if (e instanceof SdkException sdk) {
            return map(sdk);
        }
        if (e instanceof RuntimeException r) {
            return r;
        }
        return new DynamoDbBackendException("ClientError", 0, String.valueOf(e.getMessage()), e);
    }

    /**
     * A failure of a DynamoDB Streams call, mapped as {@link #map(Throwable)} maps it, except that a
     * {@code LimitExceededException} is throttling there (the Streams API's "request rate is too high") and becomes
     * the core's {@link ProvisionedThroughputExceededException}, which retrying callers back off on. (On the
     * DynamoDB API the same exception is a control-plane limit and stays a {@link DynamoDbBackendException}.)
     */
    static RuntimeException mapStreams(Throwable e) {
        if (e instanceof software.amazon.awssdk.services.dynamodb.model.LimitExceededException
                || (e instanceof DynamoDbException d
                        && d.awsErrorDetails() != null
                        && "LimitExceededException".equals(d.awsErrorDetails().errorCode()))) {
            DynamoDbException limit = (DynamoDbException) e;
            StorageException mapped = new ProvisionedThroughputExceededException(message(limit));
            mapped.addSuppressed(limit);
            return mapped;
        }
        return map(e);
    }

    static StorageException map(SdkException e) {
        StorageException mapped = mapOnly(e);
        if (mapped instanceof DynamoDbBackendException) {
            return mapped;
        }
        mapped.addSuppressed(e);
        return mapped;
    }

    private static StorageException mapOnly(SdkException e) {
        if (e instanceof software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException c) {
            return new ConditionalCheckFailedException(message(c), c.hasItem() ? SdkValues.fromSdk(c.item()) : null);
        }
        if (e instanceof software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException t) {
            List<TransactionCanceledException.CancellationReason> reasons = new ArrayList<>();
            if (t.hasCancellationReasons()) {
                for (CancellationReason r : t.cancellationReasons()) {
                    reasons.add(new TransactionCanceledException.CancellationReason(
                            r.code(), r.message(), r.hasItem() ? SdkValues.fromSdk(r.item()) : null));
                }
            }
            return new TransactionCanceledException(reasons);
        }
        if (e instanceof software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException r) {
            return new ResourceNotFoundException(message(r));
        }
        if (e instanceof software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException r) {
            return new ExpiredIteratorException(message(r));
        }
        if (e instanceof software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException r) {
            return new TrimmedDataAccessException(message(r));
        }
        if (e instanceof software.amazon.awssdk.services.dynamodb.model.ResourceInUseException r) {
            return new ResourceInUseException(message(r));
        }
        if (e instanceof software.amazon.awssdk.services.dynamodb.model.ItemCollectionSizeLimitExceededException r) {
            return new ItemCollectionSizeLimitExceededException(message(r));
        }
        if (e instanceof software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException
                || e instanceof software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException
                || e instanceof software.amazon.awssdk.services.dynamodb.model.ThrottlingException) {
            return new ProvisionedThroughputExceededException(message((DynamoDbException) e));
        }
        if (e instanceof DynamoDbException d) {
            String code =
                    d.awsErrorDetails() == null ? null : d.awsErrorDetails().errorCode();
            if ("ValidationException".equals(code)) {
                return new ValidationException(message(d));
            }
            if ("ThrottlingException".equals(code) || "ProvisionedThroughputExceededException".equals(code)) {
                return new ProvisionedThroughputExceededException(message(d));
            }
            // DynamoDB Local's in-process streams client raises these as plain DynamoDbExceptions with the code
            if ("ExpiredIteratorException".equals(code)) {
                return new ExpiredIteratorException(message(d));
            }
            if ("TrimmedDataAccessException".equals(code)) {
                return new TrimmedDataAccessException(message(d));
            }
            return new DynamoDbBackendException(
                    code == null ? "InternalFailure" : code, d.statusCode(), d.getMessage(), d);
        }
        return new DynamoDbBackendException("ClientError", 0, e.getMessage(), e);
    }

    /** The service's own message, without the SDK's "(Service: ..., Status Code: ..., Request ID: ...)" suffix. */
    private static String message(DynamoDbException e) {
        if (e.awsErrorDetails() != null && e.awsErrorDetails().errorMessage() != null) {
            return e.awsErrorDetails().errorMessage();
        }
        return e.getMessage();
    }
}
