package dev.keycond.planner.rules;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TemplateSegment;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.AccessPathPlanner;
import dev.keycond.planner.plan.KeyCondition;
import dev.keycond.planner.rel.CollectionPart;
import dev.keycond.planner.rel.CollectionRead;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.KeyTarget;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;

/**
 * Reads a parent and its children with one Query when they share an item collection: both tables
 * have the same source, their partition key templates (of the table, or of an index both map and
 * that carries every column both read) have the same shape, the join equates the columns of those
 * templates, and one side binds the partition. Every row that can join then lives in the partitions
 * that side reads, so one Query of those partitions answers both sides.
 *
 * <p>A third table joined to such a pair (members of the workspace whose projects are read) joins
 * the same Query when the join equates its partition columns with those of one table already read
 * from the collection: the values that table brings are in the collection's partitions, or NULL,
 * which joins nothing.
 *
 * <p>For an outer join, a semi-join or an anti-join, the bound side (the collection, when it is
 * widened) must be the one whose rows are kept.
 */
public final class CollectionJoinRule extends RelRule<ReadRuleConfig> {
  /** Two reads that become one collection. */
  public static final CollectionJoinRule INSTANCE = new CollectionJoinRule(ReadRuleConfig.of("CollectionJoinRule",
      b -> b.operand(LogicalJoin.class).inputs(
          l -> l.operand(DynamoRead.class).predicate(CollectionJoinRule::plain).noInputs(),
          r -> r.operand(DynamoRead.class).predicate(CollectionJoinRule::plain).noInputs()),
      c -> new CollectionJoinRule(c, Mode.READS)), Mode.READS);

  /** A collection on the left, and a read on the right that joins it. */
  public static final CollectionJoinRule WIDEN_RIGHT = new CollectionJoinRule(ReadRuleConfig.of(
      "CollectionJoinRule:WidenRight",
      b -> b.operand(LogicalJoin.class).inputs(
          l -> l.operand(RelNode.class).anyInputs(),
          r -> r.operand(DynamoRead.class).predicate(CollectionJoinRule::plain).noInputs()),
      c -> new CollectionJoinRule(c, Mode.READ_ON_RIGHT)), Mode.READ_ON_RIGHT);

  /** A read on the left, and a collection on the right that it joins. */
  public static final CollectionJoinRule WIDEN_LEFT = new CollectionJoinRule(ReadRuleConfig.of(
      "CollectionJoinRule:WidenLeft",
      b -> b.operand(LogicalJoin.class).inputs(
          l -> l.operand(DynamoRead.class).predicate(CollectionJoinRule::plain).noInputs(),
          r -> r.operand(RelNode.class).anyInputs()),
      c -> new CollectionJoinRule(c, Mode.READ_ON_LEFT)), Mode.READ_ON_LEFT);

  private enum Mode {
    READS,
    READ_ON_RIGHT,
    READ_ON_LEFT
  }

  private final Mode mode;

  private CollectionJoinRule(ReadRuleConfig config, Mode mode) {
    super(config);
    this.mode = mode;
  }

  private static boolean plain(DynamoRead read) {
    return read.plan().acceptsConditions();
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalJoin join = call.rel(0);
    if (mode == Mode.READS) {
      joinReads(call, join, call.rel(1), call.rel(2));
    } else {
      widen(call, join, mode == Mode.READ_ON_RIGHT);
    }
  }

  private static void joinReads(RelOptRuleCall call, LogicalJoin join, DynamoRead left, DynamoRead right) {
    if (!left.entity().source().name().equals(right.entity().source().name())) {
      return;
    }
    Set<List<String>> equated = equated(join.analyzeCondition(), left, right);
    JoinRelType type = join.getJoinType();
    Optional<AccessPath> shared = Optional.empty();
    for (Optional<SourceIndex> index : collectionKeys(left.entity(), right.entity())) {
      if (shared.isEmpty() && samePartition(left.entity(), right.entity(), equated, hashAttribute(left.entity(), index))
          && index.map(i -> covers(i, left.plan()) && covers(i, right.plan())).orElse(true)) {
        shared = boundPartitions(left.plan(), index).filter(p -> keepsBoundRows(type, true))
            .or(() -> boundPartitions(right.plan(), index).filter(p -> keepsBoundRows(type, false)));
      }
    }
    if (shared.isPresent()) {
      collect(call, join, left, right, shared.get());
    }
  }

  /**
   * The keys whose partitions may hold both tables' items: the table's own, then each index that
   * both tables' mappings give keys (an invoice and its payments under {@code GSI1PK = INV#{id}}).
   */
  private static List<Optional<SourceIndex>> collectionKeys(EntityTable left, EntityTable right) {
    List<Optional<SourceIndex>> keys = new ArrayList<>();
    for (KeyTarget target : left.keyTargets()) {
      if (right.keyTargets().stream().anyMatch(t -> t.index().equals(target.index()))) {
        keys.add(target.index());
      }
    }
    return keys;
  }

  private static String hashAttribute(EntityTable table, Optional<SourceIndex> index) {
    return index.map(i -> i.keys().hashAttribute()).orElse(table.source().keys().hashAttribute());
  }

  /**
   * Whether an index carries every column a part of the collection reads or checks: the
   * collection's Query fetches nothing from the table.
   */
  private static boolean covers(SourceIndex index, ReadPlan plan) {
    Set<Integer> needed = new HashSet<>(plan.projection());
    plan.conditions().forEach(c -> RelOptUtil.InputFinder.bits(c).forEach(needed::add));
    return AccessPathPlanner.covers(plan.table(), index, needed);
  }

  /**
   * The Query of the partitions a read binds on the table or on {@code index}, read whole: the other
   * table's items have other sort keys. Empty when the read binds no partition of that key.
   */
  private static Optional<AccessPath> boundPartitions(ReadPlan plan, Optional<SourceIndex> index) {
    if (index.isEmpty()) {
      return bound(plan) ? Optional.of(partitionQuery(plan.access())) : Optional.empty();
    }
    AccessPath onIndex = AccessPathPlanner.choose(plan.table().pinnedTo(index.get().name()), plan.conditions(),
        plan.projection());
    return onIndex.isScan() || !onIndex.index().equals(index) ? Optional.empty()
        : Optional.of(partitionQuery(onIndex));
  }

  private static void collect(RelOptRuleCall call, LogicalJoin join, DynamoRead left, DynamoRead right,
      AccessPath shared) {
    JoinRelType type = join.getJoinType();
    CollectionRead collection = new CollectionRead(
        ImmutableList.of(left.plan().readThrough(shared), right.plan().readThrough(shared)), shared);
    call.transformTo(join.copy(join.getTraitSet(), join.getCondition(),
        new CollectionPart(join.getCluster(), left.getTraitSet(), collection, 0, left.getRowType()),
        new CollectionPart(join.getCluster(), right.getTraitSet(), collection, 1, right.getRowType()),
        type, join.isSemiJoinDone()));
  }

  /**
   * Adds the read to the collection of the other side when the join equates the read's partition
   * columns with those of one part of that collection.
   */
  private static void widen(RelOptRuleCall call, LogicalJoin join, boolean readOnRight) {
    DynamoRead read = call.rel(readOnRight ? 2 : 1);
    RelNode side = readOnRight ? join.getLeft() : join.getRight();
    if (!keepsBoundRows(join.getJoinType(), readOnRight)) {
      return;
    }
    JoinInfo info = join.analyzeCondition();
    List<Integer> sideKeys = readOnRight ? info.leftKeys : info.rightKeys;
    List<Integer> readKeys = readOnRight ? info.rightKeys : info.leftKeys;
    Map<CollectionPart, Set<List<String>>> equatedByPart = new LinkedHashMap<>();
    for (int i = 0; i < sideKeys.size(); i++) {
      int readColumn = read.plan().projection().get(readKeys.get(i));
      Optional<PartColumn> origin = PartColumn.of(side, sideKeys.get(i));
      if (origin.isPresent()) {
        EntityTable partTable = origin.get().part().plan().table();
        equatedByPart.computeIfAbsent(origin.get().part(), p -> new HashSet<>()).add(List.of(
            read.entity().column(readColumn).name(), partTable.column(origin.get().column()).name()));
      }
    }
    for (Map.Entry<CollectionPart, Set<List<String>>> candidate : equatedByPart.entrySet()) {
      EntityTable partTable = candidate.getKey().plan().table();
      Optional<SourceIndex> index = candidate.getKey().collection().shared().index();
      boolean readsKey = read.entity().keyTargets().stream().anyMatch(t -> t.index().equals(index));
      if (partTable.source().name().equals(read.entity().source().name()) && readsKey
          && index.map(i -> covers(i, read.plan())).orElse(true)
          && samePartition(read.entity(), partTable, candidate.getValue(), hashAttribute(partTable, index))) {
        CollectionRead old = candidate.getKey().collection();
        CollectionRead widened = old.with(read.plan(), !readOnRight);
        RelNode added = new CollectionPart(join.getCluster(), read.getTraitSet(), widened,
            readOnRight ? old.parts().size() : 0, read.getRowType());
        RelNode rest = widen(side, old, widened, readOnRight ? 0 : 1);
        call.transformTo(join.copy(join.getTraitSet(), join.getCondition(), readOnRight ? rest : added,
            readOnRight ? added : rest, join.getJoinType(), join.isSemiJoinDone()));
        return;
      }
    }
  }

  /** {@code node} with every part of {@code old} moved into {@code widened}, {@code shift} places further. */
  private static RelNode widen(RelNode node, CollectionRead old, CollectionRead widened, int shift) {
    RelNode rel = node.stripped();
    if (rel instanceof CollectionPart part && part.collection().equals(old)) {
      return part.in(widened, part.index() + shift);
    }
    List<RelNode> inputs = new ArrayList<>();
    boolean changed = false;
    for (RelNode input : rel.getInputs()) {
      RelNode rewritten = widen(input, old, widened, shift);
      changed |= rewritten != input;
      inputs.add(rewritten);
    }
    return changed ? rel.copy(rel.getTraitSet(), inputs) : node;
  }

  /**
   * Whether a join keeps no row of the side that is not bound, which is then read only where the
   * bound side's partitions are: an outer join, a semi-join or an anti-join must keep the bound side.
   */
  private static boolean keepsBoundRows(JoinRelType type, boolean boundOnLeft) {
    return type == JoinRelType.INNER || (boundOnLeft
        ? type == JoinRelType.LEFT || type == JoinRelType.SEMI || type == JoinRelType.ANTI
        : type == JoinRelType.RIGHT);
  }

  /** Whether a read binds its table's partition key, so that it names the partitions to read. */
  private static boolean bound(ReadPlan plan) {
    return !plan.access().isScan() && plan.access().index().isEmpty();
  }

  /** The bound side's partitions, each read whole, on the table or index it reads. */
  private static AccessPath partitionQuery(AccessPath bound) {
    Set<KeyCondition> partitions = new LinkedHashSet<>();
    for (KeyCondition key : bound.keys()) {
      partitions.add(key.withSort(Optional.empty()));
    }
    return new AccessPath(AccessPath.Kind.QUERY, bound.index(), ImmutableList.copyOf(partitions),
        ImmutableSet.of(), false, ImmutableList.of(), AccessPath.TableFetch.NONE, false);
  }

  /** The pairs of columns, left table's then right table's, that the join equates. */
  private static Set<List<String>> equated(JoinInfo info, DynamoRead left, DynamoRead right) {
    Set<List<String>> equated = new HashSet<>();
    for (int i = 0; i < info.leftKeys.size(); i++) {
      String lc = left.entity().column(left.plan().projection().get(info.leftKeys.get(i))).name();
      String rc = right.entity().column(right.plan().projection().get(info.rightKeys.get(i))).name();
      equated.add(List.of(lc, rc));
    }
    return equated;
  }

  /**
   * Whether rows that join always have equal partition keys ({@code hash}, of the table or of an
   * index): the two partition templates agree
   * segment by segment, and the join equates each pair of slot columns.
   *
   * @param equated pairs of equated columns, {@code l}'s then {@code r}'s
   */
  private static boolean samePartition(EntityTable l, EntityTable r, Set<List<String>> equated, String hash) {
    KeyTemplate lt = l.template(hash);
    KeyTemplate rt = r.template(hash);
    if (lt.segments().size() != rt.segments().size() || lt.isConstant()) {
      return false;
    }
    for (int i = 0; i < lt.segments().size(); i++) {
      TemplateSegment ls = lt.segments().get(i);
      TemplateSegment rs = rt.segments().get(i);
      if (ls instanceof TemplateSegment.Literal) {
        if (!ls.equals(rs)) {
          return false;
        }
        continue;
      }
      if (!(rs instanceof TemplateSegment.Slot rslot)) {
        return false;
      }
      TemplateSegment.Slot lslot = (TemplateSegment.Slot) ls;
      boolean sameEncoding = lslot.width() == rslot.width()
          && l.mapping().column(lslot.column()).orElseThrow().type()
              == r.mapping().column(rslot.column()).orElseThrow().type();
      if (!sameEncoding || !equated.contains(List.of(lslot.column(), rslot.column()))) {
        return false;
      }
    }
    return true;
  }
}
