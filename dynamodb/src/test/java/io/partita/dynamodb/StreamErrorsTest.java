package io.partita.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.ExpiredIteratorException;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.TrimmedDataAccessException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;

/** The Streams API's exceptions as the core's: the types callers catch on every backend, the service's message kept. */
class StreamErrorsTest {
    static AwsErrorDetails details(String code, String message) {
        return AwsErrorDetails.builder().errorCode(code).errorMessage(message).build();
    }

    @Test
    void iteratorAndRetentionErrorsKeepTheirMeaning() {
        RuntimeException expired =
                Errors.mapStreams(software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException.builder()
                        .awsErrorDetails(details("ExpiredIteratorException", "Iterator expired"))
                        .build());
        assertThat(expired).isInstanceOf(ExpiredIteratorException.class).hasMessage("Iterator expired");
        RuntimeException trimmed =
                Errors.mapStreams(software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException.builder()
                        .awsErrorDetails(details("TrimmedDataAccessException", "trimmed"))
                        .build());
        assertThat(trimmed).isInstanceOf(TrimmedDataAccessException.class).hasMessage("trimmed");
        RuntimeException missing =
                Errors.mapStreams(software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException.builder()
                        .awsErrorDetails(details("ResourceNotFoundException", "Requested resource not found"))
                        .build());
        assertThat(missing).isInstanceOf(ResourceNotFoundException.class);
        assertThat(missing.getSuppressed()).hasSize(1); // the SDK exception, for its request id
    }

    @Test
    void aPlainDynamoDbExceptionIsMappedByItsCode() { // how DynamoDB Local's in-process streams client raises them
        RuntimeException expired =
                Errors.mapStreams(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.builder()
                        .awsErrorDetails(details("ExpiredIteratorException", ""))
                        .build());
        assertThat(expired).isInstanceOf(ExpiredIteratorException.class);
        RuntimeException trimmed =
                Errors.mapStreams(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.builder()
                        .awsErrorDetails(details("TrimmedDataAccessException", "trimmed"))
                        .build());
        assertThat(trimmed).isInstanceOf(TrimmedDataAccessException.class);
        RuntimeException limit =
                Errors.mapStreams(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.builder()
                        .awsErrorDetails(details("LimitExceededException", "slow down"))
                        .build());
        assertThat(limit).isInstanceOf(ProvisionedThroughputExceededException.class);
    }

    @Test
    void theStreamsApisLimitExceededIsThrottlingThere() {
        LimitExceededException limit = LimitExceededException.builder()
                .awsErrorDetails(details("LimitExceededException", "Your request rate is too high"))
                .build();
        assertThat(Errors.mapStreams(limit))
                .isInstanceOf(ProvisionedThroughputExceededException.class)
                .hasMessage("Your request rate is too high");
        assertThat(Errors.map(limit)).isInstanceOf(DynamoDbBackendException.class); // a control-plane limit
    }
}
