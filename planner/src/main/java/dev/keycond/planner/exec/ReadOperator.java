package dev.keycond.planner.exec;

import dev.keycond.planner.rel.DynamoRead;

/** Executes a {@link DynamoRead}: sends its requests, follows pages lazily and decodes items into rows. */
public final class ReadOperator implements Operator {
  private final DynamoRead read;

  public ReadOperator(DynamoRead read) {
    this.read = read;
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    throw new UnsupportedOperationException("being written: " + read.plan());
  }
}
