package dev.keycond.sqltests.support;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.FaultProxy;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A test class each of whose tests gets {@link FreshTables} of its own on the server its
 * {@code @ExtendWith} names (dynalite or moto), and a connection to them, closed after the test.
 * A subclass's own {@code @BeforeEach} runs after this one's, so it can fill the tables.
 */
public abstract class OnFreshTables {
  protected FreshTables tables;
  protected Connection connection;

  @BeforeEach
  final void freshTablesAndConnection(DynamoServer server) throws SQLException {
    tables = FreshTables.create(server);
    connection = connect(server);
  }

  /** The test's connection to the fresh tables; {@link ThroughFaultProxy} puts a proxy between. */
  protected Connection connect(DynamoServer server) throws SQLException {
    return tables.connect();
  }

  @AfterEach
  final void closeConnection() throws SQLException {
    connection.close();
  }

  /**
   * Fresh tables, and a connection to them through a {@link FaultProxy} in front of the server, both
   * closed after each test.
   */
  public abstract static class ThroughFaultProxy extends OnFreshTables {
    protected FaultProxy proxy;

    @Override
    protected final Connection connect(DynamoServer server) throws SQLException {
      proxy = FaultProxy.start(server.endpoint());
      return tables.connectThrough(proxy.endpoint());
    }

    @AfterEach
    final void closeProxy() {
      proxy.close();
    }
  }
}
