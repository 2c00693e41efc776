package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.RowCursor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * The right side of a correlate for each of its left rows, read once per distinct correlation key:
 * the values of the left columns the right side uses. Within one execution the right side sees
 * nothing else of the left row, and every expression keycond evaluates gives the same value for the
 * same inputs, so left rows with equal keys have equal right sides.
 *
 * <p>A key that one left row has is read as a stream, as it would be without sharing. The rows of
 * a key that several left rows have are read in full for the first of them, handed to each, and
 * dropped after the last, so at most one list per distinct key is held, and only while needed.
 * Keys are equal when their values are equal Java objects, exactly: 1.0 and 1.00 or two equal byte
 * arrays are read apart, since the right side may show the value itself.
 */
final class CorrelatedRows {
  private final int[] columns;
  private final List<Object[]> leftRows = new ArrayList<>();
  /** For each key, the left rows still to be joined that have it. */
  private final Map<List<Object>, Integer> pending = new HashMap<>();
  private final Map<List<Object>, List<Object[]>> shared = new HashMap<>();

  /** @param requiredColumns the left columns the right side uses */
  CorrelatedRows(ImmutableBitSet requiredColumns) {
    this.columns = requiredColumns.toArray();
  }

  /** Adds a left row, which the caller no longer changes; every one is added before any right side is read. */
  void add(Object[] left) {
    leftRows.add(left);
    pending.merge(key(left), 1, Integer::sum);
  }

  List<Object[]> leftRows() {
    return leftRows;
  }

  /** The number of distinct keys so far: the right side is read that many times. */
  int distinctKeys() {
    return pending.size();
  }

  /** The right rows for {@code left}, the next left row; {@code read} opens the right side for it. */
  RowCursor rightRows(Object[] left, Supplier<RowCursor> read, ExecutionContext context) {
    List<Object> key = key(left);
    int remaining = pending.merge(key, -1, Integer::sum);
    if (remaining == 0) {
      pending.remove(key);
    }
    List<Object[]> rows = shared.get(key);
    if (rows == null) {
      if (remaining == 0) {
        return read.get();
      }
      rows = readAll(read, context);
      shared.put(key, rows);
    } else if (remaining == 0) {
      shared.remove(key);
    }
    return new ListCursor(rows);
  }

  private static List<Object[]> readAll(Supplier<RowCursor> read, ExecutionContext context) {
    List<Object[]> rows = new ArrayList<>();
    Drain.forEach(read.get(), context, row -> rows.add(row.clone()));
    return rows;
  }

  private List<Object> key(Object[] row) {
    Object[] values = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      values[i] = row[columns[i]];
    }
    return Arrays.asList(values);
  }
}
