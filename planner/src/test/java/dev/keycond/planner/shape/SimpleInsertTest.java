package dev.keycond.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.collect.ImmutableList;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class SimpleInsertTest {
  @Test
  void readsEachColumnWithItsValueInTheOrderWritten() {
    assertEquals(Optional.of(new SimpleInsert("t", ImmutableList.of(new Setting("path", new Value.Marker(0)),
        new Setting("Mixed Case", new Value.Text("it's")), new Setting("size", new Value.Integer("42")),
        new Setting("account", new Value.Marker(1))), false)),
        SimpleInsert.of("insert into t (path, \"Mixed Case\", size, account) values (?, 'it''s', 42, ?)"));
    assertEquals(true, SimpleInsert.of("UPSERT INTO t (a) VALUES (?)").orElseThrow().upsert());
  }

  @TestFactory
  Stream<DynamicTest> otherTextsAreNotSimpleInserts() {
    return Stream.of(
        "INSERT INTO t (a, b) VALUES ('x', 1)",
        "INSERT INTO t VALUES (?, ?)",
        "INSERT INTO t (a, b) VALUES (?, ?), (?, ?)",
        "INSERT INTO t (a, b) VALUES (?)",
        "INSERT INTO t (a) VALUES (?, ?)",
        "INSERT INTO t (a, a) VALUES (?, ?)",
        "INSERT INTO t (a, b) VALUES (?, NULL)",
        "INSERT INTO t (a, b) VALUES (?, -1)",
        "INSERT INTO t (a, b) VALUES (?, 1.5)",
        "INSERT INTO t (a, b) VALUES (?, DATE '2024-01-01')",
        "INSERT INTO t (a, b) VALUES (?, UPPER(?))",
        "INSERT INTO t (a, b) SELECT a, b FROM u",
        "INSERT INTO t (a) VALUES (?) RETURNING a",
        "INSERT INTO s.t (a) VALUES (?)",
        "INSERT INTO t AS u (a) VALUES (?)",
        "INSERT t (a) VALUES (?)",
        "INSERT INTO t (value) VALUES (?)",
        "INSERT INTO t () VALUES ()",
        "EXPLAIN PLAN FOR INSERT INTO t (a) VALUES (?)")
        .map(sql -> DynamicTest.dynamicTest(sql, () -> assertEquals(Optional.empty(), SimpleInsert.of(sql))));
  }

  @Test
  void anInsertSetsDistinctColumnsWithAMarkerAmongTheirValues() {
    assertThrows(IllegalArgumentException.class, () -> new SimpleInsert("t",
        ImmutableList.of(new Setting("a", new Value.Marker(0)), new Setting("a", new Value.Marker(1))), false));
    assertThrows(IllegalArgumentException.class, () -> new SimpleInsert("t",
        ImmutableList.of(new Setting("a", new Value.Text("x"))), false));
    assertThrows(IllegalArgumentException.class, () -> new SimpleInsert("t", ImmutableList.of(), false));
  }
}
