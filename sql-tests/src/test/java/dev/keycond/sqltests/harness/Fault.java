package dev.keycond.sqltests.harness;

import java.time.Duration;

/**
 * What {@link FaultProxy} does to a request its {@link Trigger} selects, instead of passing it
 * through. Each fault says whether the request reaches the server: that matters for writes, where
 * a request the server applied and never answered is not the same failure as one it never saw.
 */
public sealed interface Fault {

  /**
   * HTTP 400 with the {@code ProvisionedThroughputExceededException} body DynamoDB sends, and its
   * CRC32. The request does not reach the server. The SDK retries it with its throttling backoff.
   */
  record Throttle() implements Fault {}

  /**
   * HTTP 500 with DynamoDB's {@code InternalServerError} body. The request does not reach the
   * server. The SDK retries it.
   */
  record ServerError() implements Fault {}

  /**
   * The server answers, then the proxy resets the connection (TCP RST) before sending a byte of the
   * answer: the request took effect, and the client cannot know it.
   */
  record ResetBeforeResponse() implements Fault {}

  /** The server answers; the proxy sends the status, the headers and half the body, then resets the connection. */
  record ResetMidBody() implements Fault {}

  /**
   * The server answers; the proxy sends the status, the headers (with the whole body's
   * Content-Length and CRC32) and half the body, then closes the connection in order (TCP FIN), as
   * a middlebox that gives up does.
   */
  record TruncatedBody() implements Fault {}

  /**
   * The server answers; the proxy sends the status, the headers and half the body, waits
   * {@code pause} (or until the proxy closes, or the client goes), then sends the rest.
   */
  record StallMidBody(Duration pause) implements Fault {
    public StallMidBody {
      if (pause.isNegative() || pause.isZero()) {
        throw new IllegalArgumentException("a stall must last a positive time, not " + pause);
      }
    }
  }

  /**
   * The request is read and never answered, nor forwarded: the connection stays open until the
   * client gives up or the proxy closes.
   */
  record Hang() implements Fault {}

  /**
   * For a {@code BatchGetItem} or {@code BatchWriteItem}: the proxy forwards only the first half
   * (rounded down) of each table's keys or write requests, and answers the rest as
   * {@code UnprocessedKeys} or {@code UnprocessedItems}, as DynamoDB does when it throttles part of
   * a batch. The rest never reaches the server: an unprocessed write is not applied. A batch of one
   * key is answered unprocessed whole. Any other operation passes through unchanged.
   */
  record Unprocessed() implements Fault {}

  /**
   * For a {@code TransactWriteItems}: HTTP 400 with the {@code TransactionCanceledException} that
   * DynamoDB sends when it refuses the transaction's first action for reason {@code code}, with
   * {@code message}, and every other action's reason is {@code None}. It is how DynamoDB reports an
   * action it refuses for what it is (a {@code ValidationError} for an item grown past 400 KB,
   * throttling), which neither test server reports so. The request does not reach the server.
   */
  record CancelFirstAction(String code, String message) implements Fault {}

  static Fault throttle() {
    return new Throttle();
  }

  static Fault serverError() {
    return new ServerError();
  }

  static Fault resetBeforeResponse() {
    return new ResetBeforeResponse();
  }

  static Fault resetMidBody() {
    return new ResetMidBody();
  }

  static Fault truncatedBody() {
    return new TruncatedBody();
  }

  static Fault stallMidBody(Duration pause) {
    return new StallMidBody(pause);
  }

  static Fault hang() {
    return new Hang();
  }

  static Fault unprocessed() {
    return new Unprocessed();
  }

  static Fault cancelFirstAction(String code, String message) {
    return new CancelFirstAction(code, message);
  }
}
