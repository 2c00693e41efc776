package dev.keycond.planner.request;

import java.util.List;

/**
 * One DynamoDB request, described completely. EXPLAIN prints it and execution sends it, so what
 * EXPLAIN shows is what goes on the wire. Each operation is a record of its own, checked where it
 * is built: every {@code #name} and {@code :value} it carries is used by one of its expressions.
 * Its SDK form ({@code toSdk}) asks DynamoDB for the ConsumedCapacity the connection's
 * {@code consumedCapacity} property says ({@code INDEXES} by default: the table's and each index's
 * units), which is what a statement's cost adds up; the record itself does not depend on it.
 */
public sealed interface DynamoRequest permits ReadRequest, WriteRequest {

  /** The operation's name in DynamoDB's API, such as {@code Query}. */
  String operation();

  String tableName();

  /** Every table the request names: its one table, or those of a transaction's actions. */
  default List<String> tableNames() {
    return List.of(tableName());
  }

  /** Hands this request to the visitor's method for its operation. */
  <R> R accept(Visitor<R> visitor);

  /**
   * Visits a request by its operation: one method per operation, so that adding an operation does
   * not compile until every place that tells requests apart handles it.
   */
  interface Visitor<R> extends ReadRequest.Visitor<R>, WriteRequest.Visitor<R> {}
}
