package dev.keycond.planner.rules;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TemplateSegment;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.KeyCondition;
import dev.keycond.planner.rel.CollectionPart;
import dev.keycond.planner.rel.CollectionRead;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.schema.EntityTable;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;

/**
 * Reads a parent and its children with one Query when they share an item collection: both tables
 * have the same source, their partition key templates have the same shape, the join equates the
 * columns of those templates, and one side binds the partition. Every row that can join then lives
 * in the partitions that side reads, so one Query of those partitions answers both sides.
 *
 * <p>For an outer join, a semi-join or an anti-join, the bound side must be the one whose rows are kept.
 */
public final class CollectionJoinRule extends RelRule<ReadRuleConfig> {
  public static final CollectionJoinRule INSTANCE = new CollectionJoinRule(ReadRuleConfig.of("CollectionJoinRule",
      b -> b.operand(LogicalJoin.class).inputs(
          l -> l.operand(DynamoRead.class).predicate(CollectionJoinRule::plain).noInputs(),
          r -> r.operand(DynamoRead.class).predicate(CollectionJoinRule::plain).noInputs()),
      CollectionJoinRule::new));

  private CollectionJoinRule(ReadRuleConfig config) {
    super(config);
  }

  private static boolean plain(DynamoRead read) {
    return read.plan().acceptsConditions();
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalJoin join = call.rel(0);
    DynamoRead left = call.rel(1);
    DynamoRead right = call.rel(2);
    if (!left.entity().source().name().equals(right.entity().source().name())
        || !samePartition(join.analyzeCondition(), left, right)) {
      return;
    }
    boolean leftBound = bound(left.plan());
    boolean rightBound = bound(right.plan());
    JoinRelType type = join.getJoinType();
    boolean useLeft = leftBound && (type == JoinRelType.INNER || type == JoinRelType.LEFT
        || type == JoinRelType.SEMI || type == JoinRelType.ANTI);
    boolean useRight = !useLeft && rightBound && (type == JoinRelType.INNER || type == JoinRelType.RIGHT);
    if (!useLeft && !useRight) {
      return;
    }
    AccessPath shared = partitionQuery((useLeft ? left : right).plan().access());
    CollectionRead collection =
        new CollectionRead(left.plan().readThrough(shared), right.plan().readThrough(shared), shared);
    call.transformTo(join.copy(join.getTraitSet(), join.getCondition(),
        new CollectionPart(join.getCluster(), left.getTraitSet(), collection, false, left.getRowType()),
        new CollectionPart(join.getCluster(), right.getTraitSet(), collection, true, right.getRowType()),
        type, join.isSemiJoinDone()));
  }

  /** Whether a read binds its table's partition key, so that it names the partitions to read. */
  private static boolean bound(ReadPlan plan) {
    return !plan.access().isScan() && plan.access().index().isEmpty();
  }

  /** The bound side's partitions, each read whole: the other table's items have other sort keys. */
  private static AccessPath partitionQuery(AccessPath bound) {
    Set<KeyCondition> partitions = new LinkedHashSet<>();
    for (KeyCondition key : bound.keys()) {
      partitions.add(new KeyCondition(key.partitionAttribute(), key.partitionValue(), Optional.empty()));
    }
    return new AccessPath(AccessPath.Kind.QUERY, Optional.empty(), ImmutableList.copyOf(partitions),
        ImmutableSet.of(), false, Optional.empty(), false, false);
  }

  /**
   * Whether rows that join always have equal partition keys: the two partition templates agree
   * segment by segment, and the join equates each pair of slot columns.
   */
  private static boolean samePartition(JoinInfo info, DynamoRead left, DynamoRead right) {
    EntityTable l = left.entity();
    EntityTable r = right.entity();
    String hash = l.source().keys().hashAttribute();
    KeyTemplate lt = l.template(hash);
    KeyTemplate rt = r.template(hash);
    if (lt.segments().size() != rt.segments().size() || lt.isConstant()) {
      return false;
    }
    Set<List<String>> equated = new HashSet<>();
    List<Integer> leftKeys = info.leftKeys;
    List<Integer> rightKeys = info.rightKeys;
    for (int i = 0; i < leftKeys.size(); i++) {
      String lc = l.column(left.plan().projection().get(leftKeys.get(i))).name();
      String rc = r.column(right.plan().projection().get(rightKeys.get(i))).name();
      equated.add(List.of(lc, rc));
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
