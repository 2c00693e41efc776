package dev.keycond.planner.gateway;

import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

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

  /** The scope of a request a statement sends without a query timeout, through this client. */
  public static RequestScope statement(DynamoDbClient client) {
    return new RequestScope(DynamoClients.endpoint(client), false, DynamoClients.requestTimeout(client),
        "the requestTimeout property; a statement's query timeout replaces it");
  }

  /**
   * The scope of a request sent while a connection opens without a login timeout: the connection's
   * requestTimeout bounds them all together.
   */
  static RequestScope connecting(String endpoint, Duration requestTimeout) {
    return new RequestScope(endpoint, true, requestTimeout,
        "the requestTimeout property; DriverManager.setLoginTimeout replaces it");
  }

  /** How the limit reads in a message, such as {@code 3 s (the login timeout)}. */
  String describeLimit() {
    long millis = limit.toMillis();
    String amount = millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    return amount + " (" + limitSource + ")";
  }
}
