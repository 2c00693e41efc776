package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * A result outlives the transaction by default (HOLD_CURSORS_OVER_COMMIT, what metadata reports),
 * and a statement asked for CLOSE_CURSORS_AT_COMMIT has its result closed by commit, rollback and
 * the commit of setAutoCommit(true).
 */
class HoldabilityTest {
  private static final String PHOTOS = "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'";

  private final DemoDatabase database = DemoDatabase.get();

  @Test
  void aResultOutlivesACommitAndARollbackByDefault() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      DatabaseMetaData meta = connection.getMetaData();
      assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, connection.getHoldability());
      assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, meta.getResultSetHoldability());
      assertTrue(meta.supportsOpenCursorsAcrossCommit());
      assertTrue(meta.supportsOpenCursorsAcrossRollback());
      assertTrue(meta.supportsResultSetHoldability(ResultSet.HOLD_CURSORS_OVER_COMMIT));
      assertTrue(meta.supportsResultSetHoldability(ResultSet.CLOSE_CURSORS_AT_COMMIT));
      connection.setAutoCommit(false);
      try (ResultSet rows = statement.executeQuery(PHOTOS)) {
        assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, rows.getHoldability());
        assertTrue(rows.next());
        String first = rows.getString(1);
        connection.commit();
        assertTrue(rows.next(), "the result goes on after the commit");
        connection.rollback();
        assertTrue(rows.next(), "and after a rollback");
        assertFalse(rows.isClosed());
        assertTrue(first.startsWith("root/photos/"), first);
      }
    }
  }

  @Test
  void closeCursorsAtCommitClosesTheResultWhenTheTransactionEnds() throws SQLException {
    try (Connection connection = database.connect()) {
      connection.setAutoCommit(false);
      try (Statement closing = connection.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY,
          ResultSet.CLOSE_CURSORS_AT_COMMIT); Statement holding = connection.createStatement()) {
        assertEquals(ResultSet.CLOSE_CURSORS_AT_COMMIT, closing.getResultSetHoldability());
        ResultSet closed = closing.executeQuery(PHOTOS);
        ResultSet held = holding.executeQuery(PHOTOS);
        assertTrue(closed.next());
        assertTrue(held.next());
        assertEquals(ResultSet.CLOSE_CURSORS_AT_COMMIT, closed.getHoldability());
        connection.commit();
        assertTrue(closed.isClosed(), "the commit closed it");
        assertEquals("HY010", assertThrows(SQLException.class, closed::next).getSQLState());
        assertTrue(held.next(), "a statement of the connection's holdability kept its result");
        held.close();
      }
      connection.setHoldability(ResultSet.CLOSE_CURSORS_AT_COMMIT);
      assertEquals(ResultSet.CLOSE_CURSORS_AT_COMMIT, connection.getHoldability());
      try (PreparedStatement statement = connection.prepareStatement(PHOTOS)) {
        assertEquals(ResultSet.CLOSE_CURSORS_AT_COMMIT, statement.getResultSetHoldability(),
            "a statement made after setHoldability takes it");
        ResultSet rows = statement.executeQuery();
        assertTrue(rows.next());
        connection.rollback();
        assertTrue(rows.isClosed(), "a rollback ends the transaction too");
        rows = statement.executeQuery();
        assertTrue(rows.next(), "the statement itself stays open and runs again");
        connection.setAutoCommit(true);
        assertTrue(rows.isClosed(), "setAutoCommit(true) commits the transaction open");
      }
    }
  }

  @Test
  void aValueThatIsNoHoldabilityIsRefused() throws SQLException {
    try (Connection connection = database.connect()) {
      SQLException set = assertThrows(SQLException.class, () -> connection.setHoldability(42));
      assertEquals("22023", set.getSQLState());
      assertEquals("42 is not a holdability: give ResultSet.HOLD_CURSORS_OVER_COMMIT or "
          + "ResultSet.CLOSE_CURSORS_AT_COMMIT.", set.getMessage());
      assertEquals("22023", assertThrows(SQLException.class, () -> connection.createStatement(
          ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY, 0)).getSQLState());
      assertEquals("22023", assertThrows(SQLException.class, () -> connection.prepareStatement(PHOTOS,
          ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY, 3)).getSQLState());
      assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, connection.getHoldability(), "unchanged");
    }
  }
}
