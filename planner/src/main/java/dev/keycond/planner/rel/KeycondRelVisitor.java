package dev.keycond.planner.rel;

import org.apache.calcite.rel.RelNode;

/**
 * Visits one node of a plan: each of keycond's own nodes by its kind, every node of Calcite's (the
 * filters, projections, joins and sorts evaluated above the reads) by {@link #calcite}.
 */
public interface KeycondRelVisitor<R> {

  R read(DynamoRead read);

  R collectionPart(CollectionPart part);

  R lookupJoin(LookupJoin lookup);

  R write(DynamoWrite write);

  R calcite(RelNode node);

  /** Visits {@code node}, whatever its kind. */
  static <R> R visit(RelNode node, KeycondRelVisitor<R> visitor) {
    return node instanceof KeycondRel own ? own.accept(visitor) : visitor.calcite(node);
  }
}
