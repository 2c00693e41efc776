package dev.keycond.planner.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.HttpURLConnection;
import java.net.URI;
import java.time.Duration;
import javax.net.ssl.HttpsURLConnection;
import org.junit.jupiter.api.Test;

class PlainHttpConnectionsTest {
  private final PlainHttpConnections connections = new PlainHttpConnections(Duration.ofSeconds(5), Duration.ofSeconds(60));

  @Test
  void servesOnlyPlainHttpEndpoints() {
    assertTrue(PlainHttpConnections.serves(URI.create("http://127.0.0.1:8000")));
    assertTrue(PlainHttpConnections.serves(URI.create("HTTP://localhost:4566/")));
    assertFalse(PlainHttpConnections.serves(URI.create("https://dynamodb.us-east-1.amazonaws.com")));
  }

  /** The timeouts the SDK's own connections get from the client's builder. */
  @Test
  void opensAPlainConnectionWithTheTimeouts() {
    HttpURLConnection connection = connections.createConnection(URI.create("http://127.0.0.1:8000/"));
    assertFalse(connection instanceof HttpsURLConnection);
    assertEquals(5_000, connection.getConnectTimeout());
    assertEquals(60_000, connection.getReadTimeout());
  }

  @Test
  void refusesAnEndpointThatNeedsTls() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> connections.createConnection(URI.create("https://dynamodb.us-east-1.amazonaws.com/")));
    assertEquals("Not a plain-HTTP URI: https://dynamodb.us-east-1.amazonaws.com/", e.getMessage());
  }

  @Test
  void timeoutsMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> new PlainHttpConnections(Duration.ZERO, Duration.ofSeconds(60)));
    assertThrows(IllegalArgumentException.class, () -> new PlainHttpConnections(Duration.ofSeconds(5), Duration.ZERO));
  }
}
