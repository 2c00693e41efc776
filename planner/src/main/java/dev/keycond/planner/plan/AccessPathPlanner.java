package dev.keycond.planner.plan;

import dev.keycond.planner.dynamo.SourceIndex;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.schema.EntityTable;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
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
   * @param projection the columns the read outputs; an index that does not carry them, and the
   *     columns of the conditions its key leaves to the driver, is read for keys, and the items are
   *     fetched from the table
   */
  public static AccessPath choose(EntityTable table, List<RexNode> conjuncts, List<Integer> projection) {
    List<KeyPredicate> predicates = KeyPredicates.extract(table, conjuncts);
    KeyConditionTranslator translator = new KeyConditionTranslator(table, predicates);
    return table.keyTargets().stream()
        .map(target -> translator.translate(target).map(path -> target.index()
            .filter(i -> !covers(table, i, needed(projection, conjuncts, path)))
            .map(i -> path.withFetchFromTable())
            .orElse(path)))
        .flatMap(Optional::stream)
        .max(Comparator.comparingInt(AccessPathPlanner::score))
        .orElseGet(() -> AccessPath.scan(allItemsAreMembers(table)));
  }

  /** The columns a read by {@code path} must fetch: its output, and what the driver still checks. */
  private static Set<Integer> needed(List<Integer> projection, List<RexNode> conjuncts, AccessPath path) {
    Set<Integer> needed = new HashSet<>(projection);
    for (int i = 0; i < conjuncts.size(); i++) {
      if (!path.consumed().contains(i)) {
        RelOptUtil.InputFinder.bits(conjuncts.get(i)).forEach(needed::add);
      }
    }
    return needed;
  }

  /**
   * Ranks key reads: a whole key beats a partition with a sort condition, which beats a bare
   * partition. Reading an index and then fetching the items from the table costs a BatchGetItem
   * per 100 keys, so it only wins when it binds clearly more of its key.
   */
  private static int score(AccessPath path) {
    int score = path.kind() == AccessPath.Kind.GET_ITEM ? 1000 : 100;
    score += path.keys().get(0).sort().map(s -> s.op() == SortCondition.Op.EQ ? 50 : 40).orElse(0);
    // Every key column bound by a condition narrows the read, whichever key attribute it is in.
    score += 20 * path.consumed().size();
    if (path.fetchFromTable()) {
      score -= 15;
    }
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
