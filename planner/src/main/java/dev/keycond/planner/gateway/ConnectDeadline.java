package dev.keycond.planner.gateway;

import dev.keycond.planner.error.KeycondException;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The moment by which opening a connection must be done. Every request sent while connecting
 * (a DescribeTable and DescribeTimeToLive per mapped table; ListTables for a mapping without
 * tables) gets what is left of it, so an endpoint that
 * accepts the connection and never answers fails the connect in that time, not after the SDK's
 * retries of each request.
 */
public final class ConnectDeadline {
  private final long deadlineNanos;
  private final RequestScope scope;

  private ConnectDeadline(long deadlineNanos, RequestScope scope) {
    this.deadlineNanos = deadlineNanos;
    this.scope = scope;
  }

  /**
   * @param client the client the requests go through
   * @param loginTimeoutSeconds {@code DriverManager.getLoginTimeout()}; 0 or less for the client's
   *     requestTimeout
   */
  public static ConnectDeadline start(DynamoDbClient client, int loginTimeoutSeconds) {
    String endpoint = DynamoClients.endpoint(client);
    RequestScope scope = loginTimeoutSeconds > 0
        ? new RequestScope(endpoint, true, Duration.ofSeconds(loginTimeoutSeconds), "the login timeout")
        : RequestScope.connecting(endpoint, DynamoClients.requestTimeout(client));
    return new ConnectDeadline(System.nanoTime() + scope.limit().toNanos(), scope);
  }

  public RequestScope scope() {
    return scope;
  }

  /**
   * The time the next request may take.
   *
   * @throws KeycondException (08001) when none is left
   */
  Duration remaining(String action) {
    long nanos = deadlineNanos - System.nanoTime();
    if (nanos <= 0) {
      throw DynamoErrors.noAnswer(action, scope, null);
    }
    return Duration.ofNanos(nanos);
  }
}
