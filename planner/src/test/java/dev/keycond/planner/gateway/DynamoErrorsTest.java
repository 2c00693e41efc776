package dev.keycond.planner.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * What DynamoDB's answers become when they carry less than DynamoDB's own: the SDK's exception
 * objects as an endpoint's answer makes them (an answer without an error code, which an endpoint
 * failing on its side may send; a cancellation reason of a transaction), without a server.
 */
class DynamoErrorsTest {
  @Test
  void anAnswerWithoutAnErrorCodeSaysSoRatherThanNull() {
    DynamoDbException e = (DynamoDbException) DynamoDbException.builder().statusCode(500)
        .awsErrorDetails(AwsErrorDetails.builder().build()).build();

    KeycondException translated = DynamoErrors.translate(e, "Query on table 'Vals'",
        new RequestScope("http://127.0.0.1:8000", false, Duration.ofSeconds(30), "the requestTimeout property"));

    assertEquals(SqlState.SERVICE_FAILED, translated.state());
    assertEquals("Query on table 'Vals' failed: DynamoDB answered HTTP 500 without naming an error. Retry later.",
        translated.getMessage());
  }

  @Test
  void aCancellationReasonIsReportedAsTheSameWriteAloneWouldBe() {
    assertEquals(Optional.of(SqlState.STRING_TOO_LONG), DynamoErrors.cancellationState("ValidationError",
        Optional.of("Item size to update has exceeded the maximum allowed size")));
    assertEquals(Optional.of(SqlState.THROTTLED), DynamoErrors.cancellationState("ThrottlingError", Optional.empty()));
    assertEquals(Optional.empty(), DynamoErrors.cancellationState("ConditionalCheckFailed",
        Optional.of("The conditional request failed")));
    assertEquals(Optional.empty(), DynamoErrors.cancellationState("TransactionConflict", Optional.empty()));
  }
}
