package dev.keycond.sqltests.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.ArmedFault;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.Fault;
import dev.keycond.sqltests.harness.Trigger;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.OnFreshTables;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The requests a statement sends while it is planned, to find a raw table (the account's list of
 * tables, the table's description), are the statement's as much as the ones it then runs: its
 * query timeout bounds them, and a cancel or a close of the connection stops them. A request that
 * hangs there never holds the statement past its bound.
 */
@ExtendWith(DynaliteExtension.class)
class PlanningFaultsTest extends OnFreshTables.ThroughFaultProxy {
  /** A statement bounded by a 1 s query timeout ends well within this, on a loaded machine too. */
  private static final Duration BOUND_MARGIN = Duration.ofSeconds(20);

  /** A table no mapping names, so that a statement naming it is planned by describing it. */
  private String raw;

  @BeforeEach
  void aRawTable(DynamoServer server) {
    raw = "raw_" + tables.drive;
    server.client().createTable(b -> b.tableName(raw).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build())
        .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build()));
    server.client().putItem(b -> b.tableName(raw).item(Map.of("id", AttributeValue.fromS("one"))));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "ListTables    | Listing DynamoDB tables",
      "DescribeTable | DescribeTable on '%s'",
  })
  void aRequestThatHangsWhileTheStatementIsPlannedIsBoundedByTheQueryTimeout(String operation, String action)
      throws SQLException {
    ArmedFault hanging = proxy.arm(Trigger.on(operation).first(1), Fault.hang());

    SQLException e = assertTimeoutPreemptively(BOUND_MARGIN, () -> assertThrows(SQLException.class, () -> {
      try (Statement statement = connection.createStatement()) {
        statement.setQueryTimeout(1);
        statement.executeQuery(read());
      }
    }));

    assertInstanceOf(SQLTimeoutException.class, e);
    assertEquals("HYT00", e.getSQLState(), e::getMessage);
    assertEquals(action.formatted(raw) + " ran past the statement's query timeout", e.getMessage());
    assertEquals(1, hanging.fired(), hanging::toString);
    assertRawTableReadsOnceTheServerAnswers();
  }

  @Test
  void aCancelStopsARequestThatHangsWhileTheStatementIsPlanned() throws Exception {
    SQLException e = stoppedWhilePlanning(Statement::cancel);
    assertEquals("57014", e.getSQLState(), e::getMessage);
    assertRawTableReadsOnceTheServerAnswers();
  }

  @Test
  void closingTheConnectionStopsARequestThatHangsWhileTheStatementIsPlanned() throws Exception {
    SQLException e = stoppedWhilePlanning(statement -> connection.close());
    assertEquals("HY010", e.getSQLState(), e::getMessage);
  }

  /** The error of a statement, without a query timeout, that {@code stop} stops while its DescribeTable hangs. */
  private SQLException stoppedWhilePlanning(StatementAction stop) throws Exception {
    ArmedFault hanging = proxy.arm(Trigger.on("DescribeTable").first(1), Fault.hang());
    ExecutorService stopper = Executors.newSingleThreadExecutor();
    try (Statement statement = connection.createStatement()) {
      Future<?> stopped = stopper.submit(() -> {
        while (hanging.fired() == 0) {
          Thread.sleep(10);
        }
        stop.on(statement);
        return null;
      });
      SQLException e = assertTimeoutPreemptively(BOUND_MARGIN,
          () -> assertThrows(SQLException.class, () -> statement.executeQuery(read())));
      stopped.get();
      assertTrue(hanging.fired() == 1, hanging::toString);
      return e;
    } finally {
      stopper.shutdownNow();
    }
  }

  /** A failed planning keeps nothing: the same statement reads the table once the server answers. */
  private void assertRawTableReadsOnceTheServerAnswers() throws SQLException {
    proxy.disarmAll();
    try (Statement statement = connection.createStatement()) {
      assertEquals(List.of("one"), Keycond.column(statement.executeQuery(read())));
    }
  }

  /** A read of the raw table's one item by its key. */
  private String read() {
    return "SELECT id FROM \"" + raw + "\" WHERE id = 'one'";
  }

  @FunctionalInterface
  private interface StatementAction {
    void on(Statement statement) throws SQLException;
  }
}
