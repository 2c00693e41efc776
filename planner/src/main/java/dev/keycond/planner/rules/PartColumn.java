package dev.keycond.planner.rules;

import dev.keycond.planner.rel.CollectionPart;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexInputRef;

/**
 * A field of a plan whose every value is a column of rows of one part of an item collection, as
 * read, or NULL: the field comes down to that column through projections that only pass it on,
 * filters, limits and joins. Its non-NULL values therefore lie in the collection's partitions.
 *
 * @param part the part the column belongs to
 * @param column the column's position in the part's table
 */
record PartColumn(CollectionPart part, int column) {

  /** Where field {@code field} of {@code node} comes from, if it is such a column. */
  static Optional<PartColumn> of(RelNode node, int field) {
    RelNode rel = node.stripped();
    if (rel instanceof CollectionPart part) {
      return Optional.of(new PartColumn(part, part.plan().projection().get(field)));
    }
    if (rel instanceof Project project) {
      return project.getProjects().get(field) instanceof RexInputRef ref
          ? of(project.getInput(), ref.getIndex()) : Optional.empty();
    }
    if (rel instanceof Filter || rel instanceof Sort) {
      return of(rel.getInput(0), field);
    }
    if (rel instanceof Join join) {
      // A semi-join or anti-join outputs the left fields only, so every field is on the left.
      int leftWidth = join.getLeft().getRowType().getFieldCount();
      return field < leftWidth ? of(join.getLeft(), field) : of(join.getRight(), field - leftWidth);
    }
    return Optional.empty();
  }
}
