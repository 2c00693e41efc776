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

  /** Hands this read to the visitor's method for its operation. */
  <R> R accept(Visitor<R> visitor);

  @Override
  default <R> R accept(DynamoRequest.Visitor<R> visitor) {
    return accept((Visitor<R>) visitor);
  }

  /** Visits a read by its operation. */
  interface Visitor<R> {
    R getItem(GetItem get);

    R batchGetItem(BatchGetItem batch);

    R query(Query query);

    R scan(Scan scan);
  }
}
