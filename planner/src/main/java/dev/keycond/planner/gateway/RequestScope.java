package dev.keycond.planner.gateway;

import java.time.Duration;

/**
 * Where a DynamoDB request goes and how long it may wait for an answer, retries included: what a
 * message about an endpoint that does not answer must name, so that a person can tell a firewalled
 * or mistyped endpoint from a slow one.
 *
 * @param endpoint the URL requests are sent to
 * @param connecting true while the connection is being opened, where a failure means the connection
 *     cannot be established rather than that it was lost
 * @param limit how long a request may take
 * @param limitSource what set {@code limit}, as the message names it
 */
public record RequestScope(String endpoint, boolean connecting, Duration limit, String limitSource) {

  /** The scope of a request a statement sends without a query timeout. */
  public static RequestScope statement(String endpoint) {
    return new RequestScope(endpoint, false, DynamoClients.REQUEST_LIMIT, DynamoClients.REQUEST_LIMIT_SOURCE);
  }

  /** How the limit reads in a message, such as {@code 3 s (the login timeout)}. */
  String describeLimit() {
    long millis = limit.toMillis();
    String amount = millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    return amount + " (" + limitSource + ")";
  }
}
