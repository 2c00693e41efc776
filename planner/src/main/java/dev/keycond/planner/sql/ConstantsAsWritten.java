package dev.keycond.planner.sql;

import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexNode;

/**
 * What Calcite's simplifier is given to fold constant expressions with: it leaves them as they are.
 * Calcite's own executor generates and compiles Java code for each one, and computes timestamps in
 * milliseconds, so {@code CAST('2026-01-01 10:30:00.123456789' AS TIMESTAMP)} would lose six
 * digits; keycond evaluates casts of literals itself, exactly, when it compiles the statement.
 */
public enum ConstantsAsWritten implements RexExecutor {
  INSTANCE;

  @Override
  public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
    reducedValues.addAll(constExps);
  }
}
