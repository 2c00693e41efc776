package dev.keycond;

import dev.keycond.planner.cost.StatementCost;
import java.sql.Statement;

/**
 * What keycond's statements add to {@link Statement}, for {@code PreparedStatement}s too. JDBC
 * reaches it through the statement's wrapper methods, whatever pool or tool wraps the statement:
 *
 * <pre>{@code
 * if (stmt.isWrapperFor(KeycondStatement.class)) {
 *   StatementCost cost = stmt.unwrap(KeycondStatement.class).cost();
 * }
 * }</pre>
 */
public interface KeycondStatement {

  /**
   * What the statement's last execution cost in DynamoDB: the requests DynamoDB answered by
   * operation, the items read and written, and the capacity units of each table and index, as
   * DynamoDB reported them (none, and {@link StatementCost#unitsReported()} false, on a connection
   * with {@code consumedCapacity=none}). A result is read lazily, so once its last row is read this is the whole
   * statement's cost, and before that what has been sent so far. An EXPLAIN, a statement refused
   * before it ran and a statement not run yet cost nothing ({@link StatementCost#NONE}); the
   * statements of {@code executeBatch} cost what they cost together.
   */
  StatementCost cost();
}
