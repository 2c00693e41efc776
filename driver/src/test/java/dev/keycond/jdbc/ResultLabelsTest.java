package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.demo.RecordingProxy;
import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A result column without an alias is labelled with its expression as written, and
 * ResultSetMetaData gives that label as the column's name too, so that a tool's header, its
 * lookups by name and getString(label) agree.
 */
class ResultLabelsTest {
  private final DemoDatabase database = DemoDatabase.get();

  @Test
  void anUnaliasedAggregateIsNamedAndFoundByItsText() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      database.clearRequests();
      try (ResultSet rows = statement.executeQuery(
          "SELECT COUNT(*), MAX(size) AS largest FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'")) {
        ResultSetMetaData meta = rows.getMetaData();
        assertEquals(List.of("COUNT(*)", "COUNT(*)", "largest", "largest"),
            List.of(meta.getColumnLabel(1), meta.getColumnName(1), meta.getColumnLabel(2), meta.getColumnName(2)));
        rows.next();
        assertEquals(List.of("4", "3120456"), List.of(rows.getString("COUNT(*)"), rows.getString("largest")));
      }
      assertEquals(List.of("Query"), database.dataRequests().stream().map(RecordingProxy.Request::operation).toList());
    }
  }
}
