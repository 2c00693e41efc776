package dev.keycond.planner.gateway;

import dev.keycond.planner.codec.ItemLimits;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.Crc32MismatchException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Turns AWS SDK failures into keycond errors with a SQLState. The DynamoDB error code stays in the
 * message, because it is what a person searches for; the SDK's stack trace does not.
 */
public final class DynamoErrors {
  private static final Set<String> THROTTLING = Set.of(
      "ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded",
      "RequestLimitExceededException", "LimitExceededException", "TooManyRequestsException");
  private static final Set<String> CREDENTIALS = Set.of(
      "UnrecognizedClientException", "InvalidSignatureException", "MissingAuthenticationToken",
      "MissingAuthenticationTokenException", "AccessDeniedException", "ExpiredTokenException",
      "IncompleteSignatureException", "InvalidClientTokenId", "SignatureDoesNotMatch");

  private DynamoErrors() {}

  /**
   * @param action what was being done, such as {@code Query on table 'Drive'}; it starts the message
   * @param scope where the request went and how long it could take; a request that a query timeout
   *     bounds is not translated here (see {@link #isTimeout})
   */
  public static KeycondException translate(SdkException e, String action, RequestScope scope) {
    if (e instanceof AwsServiceException service && service.awsErrorDetails() != null) {
      String code = String.valueOf(service.awsErrorDetails().errorCode());
      String detail = service.awsErrorDetails().errorMessage();
      SqlState state = stateOf(code, detail, service.statusCode());
      // An endpoint that fails on its side may answer without naming an error.
      String failure = service.awsErrorDetails().errorCode() == null
          ? "answered HTTP " + service.statusCode() + " without naming an error"
          : code + (state == SqlState.SERVICE_FAILED ? " (HTTP " + service.statusCode() + ")" : "");
      String message = action + " failed" + attempts(e) + ": DynamoDB " + failure + (detail == null ? "" : ": " + detail);
      String advice = advice(state);
      if (!advice.isEmpty()) {
        message = endSentence(message) + " " + advice;
      }
      return new KeycondException(state, message, e);
    }
    if (isTimeout(e)) {
      return noAnswer(action, scope, e);
    }
    if (e instanceof SdkClientException && isCredentialsProblem(e)) {
      return new KeycondException(SqlState.INVALID_AUTHORIZATION,
          action + " failed: no usable AWS credentials (" + e.getMessage()
              + "). Set user/password, profile, or the standard AWS environment variables.", e);
    }
    if (isDamagedAnswer(e)) {
      return new KeycondException(lostOrFailed(scope), action + " failed" + attempts(e) + ": the answer of DynamoDB at "
          + scope.endpoint() + " arrived damaged (its CRC32 checksum does not match its body, as when a connection "
          + "ends within the answer). Check the network and any proxy between keycond and the endpoint.", e);
    }
    Throwable network = networkCause(e);
    if (network != null) {
      String failure = isUnreachable(network) ? "cannot reach DynamoDB at " + scope.endpoint()
          : "the connection to DynamoDB at " + scope.endpoint() + " broke before the answer was complete";
      return new KeycondException(lostOrFailed(scope), action + " failed" + attempts(e) + ": " + failure + " ("
          + network.getClass().getSimpleName() + ": " + network.getMessage()
          + "). Check the endpoint and region properties and the network.", e);
    }
    return new KeycondException(SqlState.INTERNAL_ERROR, action + " failed: " + e.getMessage(), e);
  }

  /**
   * Whether the answer arrived but not as it was sent: its CRC32 header does not match its body, as
   * when a connection ends within the body without an error. The SDK does not retry that by itself;
   * {@link RequestRetries} does, as it retries a reset.
   */
  static boolean isDamagedAnswer(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof Crc32MismatchException) {
        return true;
      }
    }
    return false;
  }

  /** The text with a full stop at its end, whether DynamoDB's detail already had one or not. */
  private static String endSentence(String text) {
    return text.endsWith(".") ? text : text + ".";
  }

  /** How many attempts the SDK made, for a message, when it retried. */
  private static String attempts(SdkException e) {
    Integer attempts = e.numAttempts();
    return attempts == null || attempts < 2 ? "" : " after " + attempts + " attempts";
  }

  /**
   * Whether DynamoDB's answer shows that what a connection was told of a request's table no longer
   * holds: the table is gone (ResourceNotFoundException), or it has not the index the request read
   * or the key the request gave (a ValidationException that names an index, or a key that does not
   * match the schema), as when the table was dropped and created again.
   */
  static boolean showsStaleDescription(SdkException e) {
    if (!(e instanceof AwsServiceException service) || service.awsErrorDetails() == null) {
      return false;
    }
    String code = String.valueOf(service.awsErrorDetails().errorCode());
    String detail = String.valueOf(service.awsErrorDetails().errorMessage()).toLowerCase(java.util.Locale.ROOT);
    return code.equals("ResourceNotFoundException") || code.equals("ValidationException")
        && (detail.contains("index") || detail.contains("does not match the schema"));
  }

  /** Whether the SDK gave up waiting for an answer, rather than the endpoint refusing or failing the request. */
  public static boolean isTimeout(SdkException e) {
    return e instanceof ApiCallTimeoutException || e instanceof ApiCallAttemptTimeoutException;
  }

  /**
   * An endpoint that accepted the request but did not answer within the scope's limit: most often a
   * firewall that lets the connection through, or a port that is not DynamoDB's.
   */
  static KeycondException noAnswer(String action, RequestScope scope, Throwable cause) {
    return new KeycondException(lostOrFailed(scope),
        action + " failed: DynamoDB at " + scope.endpoint() + " did not answer within " + scope.describeLimit()
            + ". Check the endpoint and region properties and the network.", cause);
  }

  private static SqlState lostOrFailed(RequestScope scope) {
    return scope.connecting() ? SqlState.CONNECTION_FAILED : SqlState.CONNECTION_LOST;
  }

  private static SqlState stateOf(String code, String detail, int status) {
    if (THROTTLING.contains(code)) {
      return SqlState.THROTTLED;
    }
    if (status >= 500) {
      return SqlState.SERVICE_FAILED;
    }
    if (CREDENTIALS.contains(code)) {
      return SqlState.INVALID_AUTHORIZATION;
    }
    switch (code) {
      case "ResourceNotFoundException":
        return SqlState.UNKNOWN_TABLE;
      case "ConditionalCheckFailedException":
        return SqlState.UNIQUE_VIOLATION;
      case "ValidationException":
        return validationState(detail);
      default:
        return SqlState.INTERNAL_ERROR;
    }
  }

  /** What DynamoDB refused as invalid: an item past 400 KB, a value it cannot hold, or a malformed request. */
  private static SqlState validationState(String detail) {
    return isItemTooLarge(detail) ? SqlState.STRING_TOO_LONG
        : isAboutValues(detail) ? SqlState.DATA_EXCEPTION : SqlState.INVALID_REQUEST;
  }

  /**
   * The state of a cancelled transaction's action that DynamoDB refused for what it is, as it would
   * refuse the same write alone, rather than for what another writer did: a ValidationError (an
   * UPDATE growing its item past 400 KB, which the driver cannot see without reading the item), or
   * throttling. Empty for every other reason.
   */
  public static Optional<SqlState> cancellationState(String code, Optional<String> detail) {
    return switch (code) {
      case "ValidationError" -> Optional.of(validationState(detail.orElse(null)));
      case "ProvisionedThroughputExceeded", "ThrottlingError" -> Optional.of(SqlState.THROTTLED);
      default -> Optional.empty();
    };
  }

  /** What a message of {@code state} adds after DynamoDB's words, as a sentence: what to do; empty for none. */
  public static String advice(SqlState state) {
    return switch (state) {
      case STRING_TOO_LONG -> ItemLimits.LIMIT + ".";
      case THROTTLED -> "Retry later, or give the table more capacity.";
      case SERVICE_FAILED -> "Retry later.";
      default -> "";
    };
  }

  /**
   * Whether DynamoDB refused a request as invalid (a ValidationException): the same request would be
   * refused again.
   */
  public static boolean refusedAsInvalid(Throwable e) {
    return e instanceof AwsServiceException service && service.awsErrorDetails() != null
        && "ValidationException".equals(service.awsErrorDetails().errorCode());
  }

  /**
   * Whether DynamoDB refused an item past its 400 KB: an UPDATE that grows the item, which the
   * driver cannot see without reading it ("Item size to update has exceeded the maximum allowed size").
   */
  private static boolean isItemTooLarge(String detail) {
    return detail != null && detail.startsWith("Item size") && detail.contains("exceeded the maximum allowed size");
  }

  /** DynamoDB reports both malformed requests and bad values as ValidationException. */
  private static boolean isAboutValues(String detail) {
    if (detail == null) {
      return false;
    }
    String d = detail.toLowerCase(java.util.Locale.ROOT);
    return d.contains("type mismatch") || d.contains("value") || d.contains("size") || d.contains("number");
  }

  private static boolean isCredentialsProblem(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT);
      if (m.contains("unable to load credentials") || m.contains("credentials")
          && (m.contains("profile") || m.contains("provider"))) {
        return true;
      }
    }
    return false;
  }

  /** The failure of the network under the SDK's: a connection that could not be made, or one that broke. */
  private static Throwable networkCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof IOException) {
        return t;
      }
    }
    return null;
  }

  /** Whether no answer could come at all: the endpoint was not reached, or stayed silent until the socket gave up. */
  private static boolean isUnreachable(Throwable network) {
    return network instanceof ConnectException || network instanceof UnknownHostException
        || network instanceof NoRouteToHostException || network instanceof InterruptedIOException;
  }
}
