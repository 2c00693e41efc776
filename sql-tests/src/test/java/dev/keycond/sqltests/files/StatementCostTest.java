package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.KeycondStatement;
import dev.keycond.planner.cost.Capacity;
import dev.keycond.planner.cost.StatementCost;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A program reaches a statement's cost through JDBC's wrapper methods,
 * {@code stmt.unwrap(KeycondStatement.class).cost()}. The cost follows the result as it is read,
 * and every request asks DynamoDB for its ConsumedCapacity. The numbers are dynalite's (see
 * cost.sqltest for each operation).
 */
@ExtendWith(DynaliteExtension.class)
class StatementCostTest {
  private static Connection paging;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    paging = Keycond.loadAndConnect(server, "paging");
  }

  @AfterAll
  static void close() throws SQLException {
    paging.close();
  }

  @Test
  void statementsUnwrapToKeycondStatementAsJdbcSays() throws SQLException {
    try (Statement statement = paging.createStatement();
        PreparedStatement prepared = paging.prepareStatement("SELECT path FROM files WHERE account = ?")) {
      assertTrue(statement.isWrapperFor(KeycondStatement.class));
      assertSame(statement, statement.unwrap(KeycondStatement.class));
      assertTrue(prepared.isWrapperFor(KeycondStatement.class));
      assertSame(prepared, prepared.unwrap(KeycondStatement.class));
      assertFalse(statement.isWrapperFor(Map.class));
      SQLException e = assertThrows(SQLException.class, () -> statement.unwrap(Map.class));
      assertTrue(e.getMessage().endsWith("does not wrap java.util.Map"), e.getMessage());
    }
  }

  /** The capacity units asserted are dynalite's, as in cost.sqltest. */
  private static void dynaliteOnly() {
    Assumptions.assumeFalse(DynamoServer.localStack(), "the capacity units asserted are dynalite's; DynamoDB Local "
        + "in LocalStack rounds and reports them its own way");
  }

  @Test
  void theCostGrowsAsTheResultIsRead() throws SQLException {
    dynaliteOnly();
    RequestRecorder.clear();
    try (Statement statement = paging.createStatement();
        ResultSet rows = statement.executeQuery("SELECT path FROM files WHERE account = 'big' AND path LIKE 'root/big/f%'")) {
      KeycondStatement keycond = statement.unwrap(KeycondStatement.class);
      assertTrue(rows.next());
      // The first page holds 11 files of 100,078 bytes: ceil(11 * 100,078 / 4,096) * 0.5 RCU; the
      // second, as large, may already have been read ahead, the third (3 files, 37 RCU) not yet.
      String afterTheFirstRow = keycond.cost().summary();
      assertTrue(List.of("1 Query, 11 items read, 134.5 RCU", "2 Query, 22 items read, 269 RCU")
          .contains(afterTheFirstRow), afterTheFirstRow);
      int read = 1;
      while (rows.next()) {
        read++;
      }
      assertEquals(25, read);
      StatementCost cost = keycond.cost();
      assertEquals(Map.of("Query", 3L), cost.requests());
      assertEquals(25, cost.itemsRead());
      assertEquals(0, cost.itemsWritten());
      assertEquals(List.of(new Capacity("paging_Drive", Optional.empty(), 306, 0)), cost.capacity());
      assertEquals(306, cost.readCapacityUnits());
      assertEquals(Optional.of(cost.capacity().get(0)), cost.capacity("paging_Drive", Optional.empty()));
    }
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(3, sent.size());
    for (RecordedRequest request : sent) {
      assertEquals(Optional.of("INDEXES"), request.raw().getValueForField("ReturnConsumedCapacity", String.class));
    }
  }

  @Test
  void aPreparedStatementCostsWhatItsLastExecutionSent() throws SQLException {
    dynaliteOnly();
    try (PreparedStatement statement = paging.prepareStatement("SELECT path FROM files WHERE account = ? AND path = ?")) {
      KeycondStatement keycond = statement.unwrap(KeycondStatement.class);
      assertEquals(List.of(List.of("root/big/")), Keycond.query(statement, "big", "root/big/"));
      assertEquals("1 GetItem, 1 item read, 0.5 RCU", keycond.cost().summary());
      assertEquals(List.of(), Keycond.query(statement, "big", "root/none"));
      assertEquals("1 GetItem, 0 items read, 0.5 RCU", keycond.cost().summary());
    }
  }
}
