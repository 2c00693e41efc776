package dev.keycond.planner.exec;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.rel.DynamoRead;
import org.apache.calcite.rel.RelNode;

/** TEMPORARY until the relational executor lands: only bare reads. */
public final class OperatorCompiler {
  private OperatorCompiler() {}

  public static Operator compile(RelNode rel) {
    if (rel instanceof DynamoRead read) {
      return new ReadOperator(read);
    }
    throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "not yet: " + rel.getRelTypeName());
  }
}
