package dev.keycond.planner.plan;

import dev.keycond.planner.dynamo.SourceIndex;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.schema.EntityTable;
import dev.keycond.planner.schema.KeyTarget;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.rex.RexNode;

/**
 * Picks the cheapest way to read one table reference: GetItem when the whole key is bound, then a
 * Query on the table or an index that binds the most of its key, and a Scan only when nothing else
 * can answer.
 */
public final class AccessPathPlanner {
  private AccessPathPlanner() {}

  /**
   * @param conjuncts the pushed-down conditions, over the table's row type
   * @param neededColumns the columns the read must return; an index that does not carry them all is
   *     not considered
   */
  public static AccessPath choose(EntityTable table, List<RexNode> conjuncts, Set<Integer> neededColumns) {
    List<KeyPredicate> predicates = KeyPredicates.extract(table, conjuncts);
    KeyConditionTranslator translator = new KeyConditionTranslator(table, predicates);
    return table.keyTargets().stream()
        .filter(target -> target.index().map(i -> covers(table, i, neededColumns)).orElse(true))
        .map(target -> translator.translate(target))
        .flatMap(Optional::stream)
        .max(Comparator.comparingInt(AccessPathPlanner::score))
        .orElseGet(() -> AccessPath.scan(allItemsAreMembers(table)));
  }

  private static int score(AccessPath path) {
    int score = path.kind() == AccessPath.Kind.GET_ITEM ? 1000 : 100;
    score += path.keys().get(0).sort().map(s -> s.op() == SortCondition.Op.EQ ? 50 : 40).orElse(0);
    score += 2 * path.consumed().size();
    // On a tie the table wins: it serves every column and strongly consistent reads.
    return score + (path.index().isEmpty() ? 1 : 0);
  }

  /** Whether an index carries every needed column of the table. */
  static boolean covers(EntityTable table, SourceIndex index, Set<Integer> neededColumns) {
    if (index.projection() == SourceIndex.Projection.ALL) {
      return true;
    }
    for (int i : neededColumns) {
      Column column = table.column(i);
      String attribute = table.attributeOf(column);
      boolean carried = table.source().keys().isKeyAttribute(attribute)
          || index.keys().isKeyAttribute(attribute)
          || index.projection() == SourceIndex.Projection.INCLUDE && index.projectedAttributes().contains(attribute);
      if (!carried) {
        return false;
      }
    }
    return true;
  }

  /** A Scan returns every item; they all belong to the table when its own key templates are bare columns. */
  private static boolean allItemsAreMembers(EntityTable table) {
    return table.ownKeyAttributes().stream().allMatch(a -> table.template(a).isIdentity());
  }
}
