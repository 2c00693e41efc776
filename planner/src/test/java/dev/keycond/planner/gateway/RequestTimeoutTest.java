package dev.keycond.planner.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.session.SessionOptions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The bound on a request a statement sends without a query timeout: the {@code requestTimeout}
 * property, 30 s when it is not set, carried by the client the connection builds and named by the
 * messages of a request that meets it. (The bound itself, met by an endpoint that stops answering,
 * is ConnectionBehaviourTest's.)
 */
class RequestTimeoutTest {
  private static ClientSettings settings(Map<String, String> properties) {
    return SessionOptions.read(name -> Optional.ofNullable(properties.get(name))).client();
  }

  @Test
  void withoutThePropertyARequestIsBoundedByThirtySeconds() {
    ClientSettings settings = settings(Map.of("endpoint", "http://127.0.0.1:1", "user", "u", "password", "p"));

    assertEquals(Duration.ofSeconds(30), settings.requestTimeout());
    try (DynamoDbClient client = DynamoClients.create(settings)) {
      assertEquals(Duration.ofSeconds(30), DynamoClients.requestTimeout(client));
      assertEquals("30 s (the requestTimeout property; a statement's query timeout replaces it)",
          RequestScope.statement(client).describeLimit());
    }
  }

  @Test
  void thePropertyIsTheClientsBoundAndTheMessagesOne() {
    ClientSettings settings = settings(Map.of("endpoint", "http://127.0.0.1:1", "user", "u", "password", "p",
        "requestTimeout", "7"));

    try (DynamoDbClient client = DynamoClients.create(settings)) {
      assertEquals(Duration.ofSeconds(7), DynamoClients.requestTimeout(client));
      assertEquals("7 s (the requestTimeout property; a statement's query timeout replaces it)",
          RequestScope.statement(client).describeLimit());
      assertEquals("7 s (the requestTimeout property; DriverManager.setLoginTimeout replaces it)",
          ConnectDeadline.start(client, 0).scope().describeLimit());
      assertEquals("3 s (the login timeout)", ConnectDeadline.start(client, 3).scope().describeLimit());
    }
  }
}
