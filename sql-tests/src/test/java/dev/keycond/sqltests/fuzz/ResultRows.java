package dev.keycond.sqltests.fuzz;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows read from a ResultSet, each cell in a canonical text: numbers by value ({@code 100},
 * whether read as 100, 100.0 or 1E+2), strings quoted, NULL as {@code NULL}. Two results are then
 * equal exactly when their canonical rows are.
 */
record ResultRows(List<String> rows) {
  ResultRows {
    rows = List.copyOf(rows);
  }

  /** Rows from keycond. */
  static ResultRows read(ResultSet result) throws SQLException {
    return read(result, false);
  }

  /** Rows from the reference, whose text is {@link ReferenceText} encoded. */
  static ResultRows readReference(ResultSet result) throws SQLException {
    return read(result, true);
  }

  private static ResultRows read(ResultSet result, boolean reference) throws SQLException {
    int columns = result.getMetaData().getColumnCount();
    List<String> rows = new ArrayList<>();
    while (result.next()) {
      List<String> cells = new ArrayList<>();
      for (int i = 1; i <= columns; i++) {
        Object value = result.getObject(i);
        cells.add(canonical(reference && value instanceof String text ? ReferenceText.decode(text) : value));
      }
      rows.add(String.join(" | ", cells));
    }
    return new ResultRows(rows);
  }

  private static String canonical(Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof Number n) {
      BigDecimal exact = new BigDecimal(n.toString());
      return exact.signum() == 0 ? "0" : exact.stripTrailingZeros().toPlainString();
    }
    if (value instanceof String s) {
      return "'" + s + "'";
    }
    return value.toString();
  }

  int size() {
    return rows.size();
  }

  /** Whether these rows are what the reference's rows say, compared as {@code comparison} asks. */
  boolean matches(ResultRows reference, Comparison comparison) {
    if (comparison instanceof Comparison.Ordered) {
      return rows.equals(reference.rows);
    }
    if (comparison instanceof Comparison.Subset s) {
      return rows.size() == Math.min(s.limit(), Math.max(0, reference.size() - s.offset()))
          && contained(rows, reference.rows);
    }
    return sorted(rows).equals(sorted(reference.rows));
  }

  private static List<String> sorted(List<String> rows) {
    List<String> copy = new ArrayList<>(rows);
    copy.sort(null);
    return copy;
  }

  private static boolean contained(List<String> part, List<String> whole) {
    Map<String, Integer> available = new HashMap<>();
    whole.forEach(r -> available.merge(r, 1, Integer::sum));
    for (String row : part) {
      if (available.merge(row, -1, Integer::sum) < 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(rows.size() + " rows");
    rows.stream().limit(40).forEach(r -> text.append("\n      ").append(r));
    if (rows.size() > 40) {
      text.append("\n      ...");
    }
    return text.toString();
  }
}
