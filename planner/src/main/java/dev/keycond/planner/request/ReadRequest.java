package dev.keycond.planner.request;

import java.util.Optional;

/** A request that reads items: GetItem, BatchGetItem, Query or Scan. */
public sealed interface ReadRequest extends DynamoRequest permits GetItem, BatchGetItem, Query, Scan {

  /** The index read, for a Query or Scan of one; empty for the table. */
  default Optional<String> indexName() {
    return Optional.empty();
  }

  Optional<String> projectionExpression();

  ExpressionAttributes attributes();

  /** Whether the read asks for strongly consistent results. */
  boolean consistentRead();
}
