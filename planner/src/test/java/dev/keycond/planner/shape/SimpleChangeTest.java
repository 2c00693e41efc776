package dev.keycond.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.shape.Comparison.Operator;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class SimpleChangeTest {
  @Test
  void readsAnUpdateWithItsSettingsAndConditionsInOrder() {
    assertEquals(Optional.of(new SimpleChange("t",
        ImmutableList.of(new Setting("size", new Value.Marker(0)), new Setting("Mixed Case", new Value.Text("it's")),
            new Setting("n", new Value.Integer("42"))),
        ImmutableList.of(new Comparison("account", Operator.EQUALS, new Value.Marker(1)),
            new Comparison("path", Operator.LIKE, new Value.Text("root/%")),
            new Comparison("n", Operator.LESS_THAN, new Value.Marker(2))))),
        SimpleChange.of("update t set size = ?, \"Mixed Case\" = 'it''s', n = 42 "
            + "where account = ? and path like 'root/%' and n < ?"));
  }

  @Test
  void readsADeleteAsAChangeThatSetsNothing() {
    SimpleChange delete = SimpleChange.of("DELETE FROM \"t\" WHERE account = 'a' AND path = ?").orElseThrow();
    assertEquals(true, delete.delete());
    assertEquals(ImmutableList.of(new Comparison("account", Operator.EQUALS, new Value.Text("a")),
        new Comparison("path", Operator.EQUALS, new Value.Marker(0))), delete.where());
  }

  @TestFactory
  Stream<DynamicTest> otherTextsAreNotSimpleChanges() {
    return Stream.of(
        "UPDATE t SET size = ?",
        "DELETE FROM t",
        "DELETE t WHERE a = 1",
        "UPDATE t AS u SET size = 1 WHERE a = 1",
        "UPDATE t u SET size = 1 WHERE a = 1",
        "UPDATE t SET size = size + 1 WHERE a = 1",
        "UPDATE t SET size = NULL WHERE a = 1",
        "UPDATE t SET size = -1 WHERE a = 1",
        "UPDATE t SET size = 1.5 WHERE a = 1",
        "UPDATE t SET size = 01 WHERE a = 1",
        "UPDATE t SET size = 1, size = 2 WHERE a = 1",
        "UPDATE t SET (size, n) = (1, 2) WHERE a = 1",
        "UPDATE t SET size = 1 WHERE a = 1 OR b = 2",
        "UPDATE t SET size = 1 WHERE a = 1 AND EXISTS (SELECT 1 FROM u)",
        "UPDATE t SET size = 1 WHERE a = 1 RETURNING size",
        "UPDATE t SET value = 1 WHERE a = 1",
        "UPDATE s.t SET size = 1 WHERE a = 1",
        "DELETE FROM t WHERE a = 1 AND b IN (1, 2)",
        "DELETE FROM t WHERE a LIKE 5",
        "DELETE FROM t WHERE a = 1;",
        "DELETE /*+ hint */ FROM t WHERE a = 1",
        "EXPLAIN PLAN FOR DELETE FROM t WHERE a = 1",
        "UPSERT INTO t (a) VALUES (1)",
        "INSERT INTO t (a) VALUES (1)",
        "MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE")
        .map(sql -> DynamicTest.dynamicTest(sql, () -> assertEquals(Optional.empty(), SimpleChange.of(sql))));
  }

  @Test
  void aSetClauseAssignsEachColumnOnceAndAWhereClauseIsThere() {
    assertThrows(IllegalArgumentException.class, () -> new SimpleChange("t",
        ImmutableList.of(new Setting("a", new Value.Marker(0)), new Setting("a", new Value.Marker(1))),
        ImmutableList.of(new Comparison("b", Operator.EQUALS, new Value.Marker(2)))));
    assertThrows(IllegalArgumentException.class, () -> new SimpleChange("t", ImmutableList.of(), ImmutableList.of()));
  }
}
