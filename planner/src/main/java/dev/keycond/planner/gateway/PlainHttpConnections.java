package dev.keycond.planner.gateway;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.http.urlconnection.UrlConnectionFactory;

/**
 * Opens the connections of a client whose endpoint is {@code http://} (DynamoDB Local, dynalite,
 * LocalStack). The SDK's url-connection client, built the usual way, sets up a TLS context before
 * its first request, whatever the endpoint: it loads the trust store and the TLS provider, a fifth
 * to a third of a cold start's client construction, for an endpoint that never speaks TLS. Given
 * its connections by a factory, it builds no TLS context. The connections are what its own factory
 * opens for a plain-HTTP endpoint without a proxy: the system's proxy selection, and the same
 * connect and read timeouts.
 */
final class PlainHttpConnections implements UrlConnectionFactory {
  private final int connectTimeoutMillis;
  private final int readTimeoutMillis;

  PlainHttpConnections(Duration connectTimeout, Duration readTimeout) {
    this.connectTimeoutMillis = Math.toIntExact(connectTimeout.toMillis());
    this.readTimeoutMillis = Math.toIntExact(readTimeout.toMillis());
    if (connectTimeoutMillis <= 0 || readTimeoutMillis <= 0) {
      throw new IllegalArgumentException("Timeouts must be positive: " + connectTimeout + ", " + readTimeout);
    }
  }

  /** Whether the endpoint is plain HTTP, so that a client for it can do without a TLS context. */
  static boolean serves(URI endpoint) {
    return "http".equalsIgnoreCase(endpoint.getScheme());
  }

  @Override
  public HttpURLConnection createConnection(URI uri) {
    if (!serves(uri)) {
      throw new IllegalArgumentException("Not a plain-HTTP URI: " + uri);
    }
    try {
      HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
      connection.setConnectTimeout(connectTimeoutMillis);
      connection.setReadTimeout(readTimeoutMillis);
      return connection;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open a connection to " + uri, e);
    }
  }
}
