package dev.keycond.planner.plan;

import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.table.EntityTable;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

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
    AccessPath best = bestKeyRead(table, conjuncts, projection);
    return best.isScan() ? branches(table, conjuncts, projection).orElse(best) : best;
  }

  private static AccessPath bestKeyRead(EntityTable table, List<RexNode> conjuncts, List<Integer> projection) {
    List<KeyPredicate> predicates = KeyPredicates.extract(table, conjuncts);
    KeyConditionTranslator translator = new KeyConditionTranslator(table, predicates);
    return table.keyTargets().stream()
        .map(target -> translator.translate(target).map(path -> target.index()
            .filter(i -> !covers(table, i, needed(projection, conjuncts, path)) || !carriesTimeToLive(table, i))
            .map(i -> path.withFetchFromTable())
            .orElse(path)))
        .flatMap(Optional::stream)
        .max(Comparator.comparingInt(AccessPathPlanner::score))
        .orElseGet(() -> scan(table, conjuncts, projection));
  }

  /**
   * A Scan of the table, or of the index a {@code "table@index"} reference pins, which holds only
   * the items in that index (a sparse index fewer than the table).
   */
  private static AccessPath scan(EntityTable table, List<RexNode> conjuncts, List<Integer> projection) {
    Optional<SourceIndex> pinned = table.pinnedIndex();
    AccessPath scan = AccessPath.scan(pinned, allItemsAreMembers(table));
    return pinned.filter(i -> !covers(table, i, needed(projection, conjuncts, scan)) || !carriesTimeToLive(table, i))
        .isPresent()
        ? scan.withFetchFromTable() : scan;
  }

  /**
   * An OR whose every branch, with the other conjuncts, binds a key: one key read per branch, of
   * the same table or index. Branches may overlap, so an item read twice is one row. A conjunct is
   * expressed by the reads when every branch's read expresses it; the OR itself, when every
   * branch's read expresses all of that branch.
   */
  private static Optional<AccessPath> branches(EntityTable table, List<RexNode> conjuncts, List<Integer> projection) {
    orConjuncts:
    for (int i = 0; i < conjuncts.size(); i++) {
      if (conjuncts.get(i).getKind() != SqlKind.OR) {
        continue;
      }
      List<AccessPath> reads = new ArrayList<>();
      Set<Integer> consumed = new HashSet<>();
      for (int j = 0; j < conjuncts.size(); j++) {
        consumed.add(j);
      }
      for (RexNode branch : RelOptUtil.disjunctions(conjuncts.get(i))) {
        List<RexNode> branchConjuncts = new ArrayList<>(conjuncts);
        branchConjuncts.remove(i);
        branchConjuncts.addAll(RelOptUtil.conjunctions(branch));
        AccessPath read = choose(table, branchConjuncts, projection);
        if (read.isScan()) {
          // One branch that needs a Scan makes the OR a Scan; the other branches need not be planned.
          continue orConjuncts;
        }
        reads.add(read);
        // Branch conjunct k is original conjunct k below i and k + 1 from i on; the rest are the branch's own.
        for (int k = 0; k < conjuncts.size() - 1; k++) {
          if (!read.consumed().contains(k)) {
            consumed.remove(k < i ? k : k + 1);
          }
        }
        for (int k = conjuncts.size() - 1; k < branchConjuncts.size(); k++) {
          if (!read.consumed().contains(k)) {
            consumed.remove(i);
          }
        }
      }
      AccessPath first = reads.get(0);
      boolean combinable = reads.stream().allMatch(r -> r.index().equals(first.index())
          && r.fetch() == first.fetch());
      if (!combinable) {
        continue;
      }
      Set<KeyCondition> keys = new LinkedHashSet<>();
      reads.forEach(r -> keys.addAll(r.keys()));
      boolean items = reads.stream().allMatch(r -> r.kind() == AccessPath.Kind.GET_ITEM);
      ImmutableList<Integer> order = reads.stream().allMatch(r -> r.orderColumns().equals(first.orderColumns()))
          ? first.orderColumns() : ImmutableList.of();
      boolean membershipExact = reads.stream().allMatch(AccessPath::membershipExact);
      return Optional.of(new AccessPath(items ? AccessPath.Kind.GET_ITEM : AccessPath.Kind.QUERY, first.index(),
          ImmutableList.copyOf(keys), ImmutableSet.copyOf(consumed), membershipExact, order, first.fetch(),
          !items));
    }
    return Optional.empty();
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
   * partition. Reading a global index and then fetching the items from the table costs a
   * BatchGetItem per 100 keys, so it only wins when it binds clearly more of its key. A local index
   * fetches them in the same Query, each item charged whole as a BatchGetItem would charge it, so
   * only the index's own items cost more than a read of the table.
   */
  private static int score(AccessPath path) {
    int score = path.kind() == AccessPath.Kind.GET_ITEM ? 1000 : 100;
    // A sort condition counts when a predicate shaped it, not when it only spells an entity's prefix.
    score += path.keys().get(0).sort().filter(AccessPathPlanner::fromPredicates)
        .map(s -> s.op() == SortCondition.Op.EQ ? 50 : 40).orElse(0);
    // Every key column bound by a condition narrows the read, whichever key attribute it is in.
    score += 20 * path.consumed().size();
    if (path.fetch() == AccessPath.TableFetch.BATCH_GET) {
      score -= 15;
    } else if (path.fetch() == AccessPath.TableFetch.IN_REQUEST) {
      score -= 5;
    }
    // On a tie the table wins: it serves every column and strongly consistent reads.
    return score + (path.index().isEmpty() ? 1 : 0);
  }

  private static boolean fromPredicates(SortCondition sort) {
    return hasValue(sort.low()) || sort.high() != null && hasValue(sort.high());
  }

  private static boolean hasValue(KeyValue value) {
    return value.parts().stream().anyMatch(p -> p instanceof KeyPart.Value);
  }

  /**
   * Whether an index carries the attribute of the table's time to live, when it has one: expired
   * items are left out by that attribute, which an index that lacks it cannot show. (An index read
   * under expiredItems=show fetches it all the same; plans do not depend on that property.)
   */
  private static boolean carriesTimeToLive(EntityTable table, SourceIndex index) {
    return table.source().timeToLive().map(ttl -> carries(table, index, ttl.attribute())).orElse(true);
  }

  /**
   * Whether an index carries every needed column of the table, and its constant attributes, by which
   * its items are told from another entity's.
   */
  public static boolean covers(EntityTable table, SourceIndex index, Set<Integer> neededColumns) {
    return carriesColumns(table, index, neededColumns) && uncarriedConstants(table, index).isEmpty();
  }

  /** The table's constant attributes that an index does not carry. */
  public static List<String> uncarriedConstants(EntityTable table, SourceIndex index) {
    return table.mapping().constants().keySet().stream().filter(a -> !carries(table, index, a)).toList();
  }

  /** Whether an index carries the attributes that the columns are read from. */
  public static boolean carriesColumns(EntityTable table, SourceIndex index, Set<Integer> neededColumns) {
    if (index.projection() == SourceIndex.Projection.ALL) {
      return true;
    }
    for (int i : neededColumns) {
      if (!table.attributesOf(table.column(i)).stream().allMatch(a -> carries(table, index, a))) {
        return false;
      }
    }
    return true;
  }

  /** Whether an index carries an attribute of the table's items: a key of either, or one it projects. */
  public static boolean carries(EntityTable table, SourceIndex index, String attribute) {
    return index.projection() == SourceIndex.Projection.ALL
        || table.source().keys().isKeyAttribute(attribute)
        || index.keys().isKeyAttribute(attribute)
        || index.projection() == SourceIndex.Projection.INCLUDE && index.projectedAttributes().contains(attribute);
  }

  /**
   * A Scan returns every item; they all belong to the table when its own keys take every value and
   * it has no constant attribute, which another entity's items lack.
   */
  private static boolean allItemsAreMembers(EntityTable table) {
    return table.ownKeyAttributes().stream().allMatch(table::acceptsEveryKey) && !table.hasConstants();
  }
}
