package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import org.apache.calcite.rel.core.Filter;

/** Passes on the rows for which the condition is TRUE; FALSE and NULL both drop the row. */
public final class FilterOperator implements Operator {
  private final Operator input;
  private final Scalar condition;

  private FilterOperator(Operator input, Scalar condition) {
    this.input = input;
    this.condition = condition;
  }

  public static Operator of(Filter filter, Operator input) {
    return new FilterOperator(input,
        ScalarCompiler.compile(filter.getCondition(), filter.getCluster().getRexBuilder()));
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    return new FilterCursor(input.open(context), row -> Boolean.TRUE.equals(condition.evaluate(row, context)),
        context);
  }
}
