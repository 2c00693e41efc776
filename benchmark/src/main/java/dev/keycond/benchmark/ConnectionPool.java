package dev.keycond.benchmark;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * keycond behind HikariCP, as Spring Boot sets a driver up: a pool of {@link #SIZE} connections,
 * all opened before anything is timed, one borrowed for each framework-style call and given back
 * after it.
 */
final class ConnectionPool implements AutoCloseable {
  /** As many connections as the threads of the throughput rows. */
  static final int SIZE = 8;

  private final HikariDataSource pool;

  ConnectionPool(String jdbcUrl) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl);
    config.setMaximumPoolSize(SIZE);
    config.setMinimumIdle(SIZE);
    config.setPoolName("keycond-benchmark");
    pool = new HikariDataSource(config);
    openAll();
  }

  /** Borrows every connection at once, so that the pool holds all of them before anything is timed. */
  private void openAll() {
    List<Connection> borrowed = new ArrayList<>();
    try {
      for (int i = 0; i < SIZE; i++) {
        borrowed.add(pool.getConnection());
      }
      for (Connection connection : borrowed) {
        connection.close();
      }
    } catch (SQLException e) {
      pool.close();
      throw new IllegalStateException("The pool could not open its " + SIZE + " connections", e);
    }
  }

  /** Calls {@code call} on a connection borrowed from the pool, and gives it back. */
  long borrowing(ConnectionCall call) throws Exception {
    try (Connection connection = pool.getConnection()) {
      return call.run(connection);
    }
  }

  /** A framework-style call on a connection. */
  interface ConnectionCall {
    long run(Connection connection) throws Exception;
  }

  @Override
  public void close() {
    pool.close();
  }
}
