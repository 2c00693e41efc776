package dev.keycond.planner.rules;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.functions.PathFunctions;
import dev.keycond.planner.mapping.Hierarchy;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.KeyCondition;
import dev.keycond.planner.plan.KeyPredicate;
import dev.keycond.planner.plan.KeyPredicates;
import dev.keycond.planner.plan.SortCondition;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.HierarchyWalk;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.schema.EntityTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RepeatUnion;
import org.apache.calcite.rel.core.Spool;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Replaces a {@code WITH RECURSIVE} walk of a declared hierarchy with key reads: the seed names the
 * starting paths, and the recursive step joins rows to the rows already found through the parent
 * column. Down the tree that is one {@code begins_with} Query per starting path; up the tree, one
 * BatchGetItem of the starting path and its prefixes.
 *
 * <p>The rewrite must give exactly the rows the recursion gives. The step must equate every
 * partition column, or the recursion would also find rows of other partitions that share the
 * paths; such a statement is refused. Any other difference of shape leaves the recursion as it is
 * (and keycond reports that it cannot evaluate it).
 */
public final class HierarchyWalkRule extends RelRule<ReadRuleConfig> {
  public static final HierarchyWalkRule INSTANCE = new HierarchyWalkRule(ReadRuleConfig.of("HierarchyWalkRule",
      b -> b.operand(RepeatUnion.class).anyInputs(), HierarchyWalkRule::new));

  private HierarchyWalkRule(ReadRuleConfig config) {
    super(config);
  }

  /** What the seed puts in one column of the recursive table. */
  private sealed interface Output {
    /** A table column of the seed read. */
    record Column(int column) implements Output {}

    /** A literal level counter that the step increments: {@code 0} in the seed, {@code t.lvl + 1} in the step. */
    record Level(RexLiteral start) implements Output {}
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    RepeatUnion union = call.rel(0);
    Optional<Seed> seed = seed(unspool(union.getSeedRel()));
    if (seed.isEmpty()) {
      return;
    }
    EntityTable table = seed.get().read().entity();
    Hierarchy hierarchy = table.mapping().hierarchy().orElseThrow();
    int pathColumn = table.columnIndex(hierarchy.pathColumn());
    int parentColumn = table.columnIndex(hierarchy.parentColumn());
    Optional<Step> step = step(unspool(union.getIterativeRel()), table, seed.get().outputs());
    if (step.isEmpty()) {
      return;
    }
    Set<List<Integer>> pairs = step.get().equated();
    HierarchyWalk.Direction direction;
    if (pairs.contains(List.of(parentColumn, pathColumn))) {
      direction = HierarchyWalk.Direction.DOWN;
    } else if (pairs.contains(List.of(pathColumn, parentColumn))) {
      direction = HierarchyWalk.Direction.UP;
    } else {
      return;
    }
    Set<List<Integer>> expected = new HashSet<>();
    expected.add(direction == HierarchyWalk.Direction.DOWN ? List.of(parentColumn, pathColumn)
        : List.of(pathColumn, parentColumn));
    String hash = table.source().keys().hashAttribute();
    for (String column : table.template(hash).columns()) {
      int c = table.columnIndex(column);
      if (!pairs.contains(List.of(c, c))) {
        throw new KeycondException(SqlState.SCAN_REFUSED, "The recursive query over table '" + table.name()
            + "' joins rows by " + hierarchy.parentColumn() + " and " + hierarchy.pathColumn() + " but not by "
            + column + ", so it would also find the rows of every other " + column + " that has the same paths; "
            + "keycond cannot read those by key. Add AND <child>." + column + " = <recursive table>." + column
            + " to the recursive join.");
      }
      expected.add(List.of(c, c));
    }
    if (!expected.equals(pairs)) {
      return;
    }
    ReadPlan seedPlan = seed.get().read().plan();
    Optional<AccessPath> access = walkAccess(seedPlan, pathColumn, direction);
    if (access.isEmpty()) {
      return;
    }
    List<RexNode> rootConditions = seedPlan.residual();
    HierarchyWalk walk = new HierarchyWalk(direction, pathColumn, parentColumn, hierarchy.delimiter(),
        ImmutableList.copyOf(rootConditions), step.get().read().plan().conditions(), !union.all);
    call.transformTo(output(union, seed.get(), ReadPlan.walk(seedPlan, access.get(), walk), walk));
  }

  /** The input of a spool; inside the Hep planner every input is a vertex, hence the stripping. */
  private static RelNode unspool(RelNode rel) {
    RelNode node = rel.stripped();
    return node instanceof Spool spool ? spool.getInput().stripped() : node;
  }

  /** The seed: a read of a hierarchy table, under a projection of its columns and level literals. */
  private record Seed(DynamoRead read, List<Output> outputs) {}

  private static Optional<Seed> seed(RelNode rel) {
    DynamoRead read;
    List<Output> outputs = new ArrayList<>();
    if (rel instanceof DynamoRead r) {
      read = r;
      r.plan().projection().forEach(c -> outputs.add(new Output.Column(c)));
    } else if (rel instanceof Project project && project.getInput().stripped() instanceof DynamoRead r) {
      read = r;
      for (RexNode e : project.getProjects()) {
        if (e instanceof RexInputRef ref) {
          outputs.add(new Output.Column(r.plan().projection().get(ref.getIndex())));
        } else if (e instanceof RexLiteral literal && literal.getValue() instanceof BigDecimal) {
          outputs.add(new Output.Level(literal));
        } else {
          return Optional.empty();
        }
      }
    } else {
      return Optional.empty();
    }
    boolean plain = read.plan().acceptsConditions() && read.entity().mapping().hierarchy().isPresent()
        && !read.plan().access().isScan() && read.plan().access().index().isEmpty();
    return plain ? Optional.of(new Seed(read, outputs)) : Optional.empty();
  }

  /**
   * The recursive step: a read of the same table joined to the recursive table, projected to the
   * seed's columns (a level column as the previous level plus one).
   *
   * @param equated pairs of (table column of the step's read, table column of the recursive table)
   */
  private record Step(DynamoRead read, Set<List<Integer>> equated) {}

  private static Optional<Step> step(RelNode rel, EntityTable table, List<Output> outputs) {
    List<RexNode> projects = null;
    RelNode body = rel;
    if (rel instanceof Project project) {
      projects = project.getProjects();
      body = project.getInput().stripped();
    }
    if (!(body instanceof Join join) || join.getJoinType() != JoinRelType.INNER) {
      return Optional.empty();
    }
    RelNode left = join.getLeft().stripped();
    RelNode right = join.getRight().stripped();
    boolean readOnLeft = left instanceof DynamoRead;
    RelNode readSide = readOnLeft ? left : right;
    RelNode recursiveSide = readOnLeft ? right : left;
    Optional<int[]> recursiveColumns = recursiveColumns(recursiveSide);
    if (!(readSide instanceof DynamoRead read) || !read.entity().name().equals(table.name())
        || recursiveColumns.isEmpty() || !read.plan().acceptsConditions()) {
      return Optional.empty();
    }
    int leftWidth = join.getLeft().getRowType().getFieldCount();
    int readOffset = readOnLeft ? 0 : leftWidth;
    int recursiveOffset = readOnLeft ? leftWidth : 0;
    int readWidth = read.getRowType().getFieldCount();

    Set<List<Integer>> equated = new HashSet<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(join.getCondition())) {
      if (conjunct.getKind() != SqlKind.EQUALS) {
        return Optional.empty();
      }
      RexCall eq = (RexCall) conjunct;
      if (!(eq.getOperands().get(0) instanceof RexInputRef a) || !(eq.getOperands().get(1) instanceof RexInputRef b)) {
        return Optional.empty();
      }
      RexInputRef readRef = isRead(a, readOffset, readWidth) ? a : b;
      RexInputRef recursiveRef = readRef == a ? b : a;
      if (!isRead(readRef, readOffset, readWidth) || isRead(recursiveRef, readOffset, readWidth)) {
        return Optional.empty();
      }
      int readColumn = read.plan().projection().get(readRef.getIndex() - readOffset);
      Output output = outputs.get(recursiveColumns.get()[recursiveRef.getIndex() - recursiveOffset]);
      if (!(output instanceof Output.Column column)) {
        return Optional.empty();
      }
      equated.add(List.of(readColumn, column.column()));
    }
    if (projects == null || projects.size() != outputs.size()) {
      return Optional.empty();
    }
    for (int i = 0; i < projects.size(); i++) {
      RexNode e = projects.get(i);
      Output output = outputs.get(i);
      boolean same = output instanceof Output.Column column
          ? e instanceof RexInputRef ref && isRead(ref, readOffset, readWidth)
              && read.plan().projection().get(ref.getIndex() - readOffset) == column.column()
          : isIncrement(e, recursiveOffset, recursiveColumns.get(), i);
      if (!same) {
        return Optional.empty();
      }
    }
    return Optional.of(new Step(read, equated));
  }

  private static boolean isRead(RexInputRef ref, int offset, int width) {
    return ref.getIndex() >= offset && ref.getIndex() < offset + width;
  }

  /**
   * The recursive table's columns behind the fields of the join's recursive side: a scan of the
   * recursive table, possibly narrowed to some of its columns.
   */
  private static Optional<int[]> recursiveColumns(RelNode side) {
    if (side instanceof TableScan scan && !(scan instanceof DynamoRead)) {
      return Optional.of(java.util.stream.IntStream.range(0, scan.getRowType().getFieldCount()).toArray());
    }
    if (side instanceof Project project && project.getInput().stripped() instanceof TableScan scan
        && !(scan instanceof DynamoRead) && project.getProjects().stream().allMatch(e -> e instanceof RexInputRef)) {
      return Optional.of(project.getProjects().stream().mapToInt(e -> ((RexInputRef) e).getIndex()).toArray());
    }
    return Optional.empty();
  }

  /** Whether {@code e} is the recursive table's column {@code column} plus one. */
  private static boolean isIncrement(RexNode e, int offset, int[] recursiveColumns, int column) {
    if (e.getKind() == SqlKind.CAST) {
      e = ((RexCall) e).getOperands().get(0);
    }
    return e.getKind() == SqlKind.PLUS
        && ((RexCall) e).getOperands().get(0) instanceof RexInputRef ref
        && ref.getIndex() >= offset && ref.getIndex() - offset < recursiveColumns.length
        && recursiveColumns[ref.getIndex() - offset] == column
        && ((RexCall) e).getOperands().get(1) instanceof RexLiteral one
        && one.getValue() instanceof BigDecimal d && d.compareTo(BigDecimal.ONE) == 0;
  }

  /**
   * The key reads of the walk, from the seed's: down, each starting key's sort condition becomes
   * {@code begins_with} of its path; up, the starting keys are read with their ancestors.
   */
  private static Optional<AccessPath> walkAccess(ReadPlan seed, int pathColumn, HierarchyWalk.Direction direction) {
    AccessPath access = seed.access();
    boolean pathBound = KeyPredicates.extract(seed.table(), seed.conditions()).stream()
        .anyMatch(p -> p.column() == pathColumn && p.kind().isEquality() && access.consumed().contains(p.conjunct()));
    boolean startsAreItems = access.kind() == AccessPath.Kind.GET_ITEM
        && access.keys().stream().allMatch(k -> k.sort().filter(s -> s.op() == SortCondition.Op.EQ).isPresent());
    if (!pathBound || !startsAreItems) {
      return Optional.empty();
    }
    if (direction == HierarchyWalk.Direction.UP) {
      return Optional.of(access);
    }
    ImmutableList.Builder<KeyCondition> slices = ImmutableList.builder();
    for (KeyCondition key : access.keys()) {
      SortCondition sort = key.sort().orElseThrow();
      slices.add(new KeyCondition(key.partitionAttribute(), key.partitionValue(),
          Optional.of(SortCondition.of(sort.attribute(), SortCondition.Op.BEGINS_WITH, sort.low()))));
    }
    return Optional.of(new AccessPath(AccessPath.Kind.QUERY, Optional.empty(), slices.build(), access.consumed(),
        false, Optional.of(pathColumn), false, false));
  }

  /**
   * The walk read, under a projection to the recursive table's columns; a level column is the
   * starting level plus the path's depth below its start.
   */
  private static RelNode output(RepeatUnion union, Seed seed, ReadPlan plan, HierarchyWalk walk) {
    List<Integer> columns = new ArrayList<>();
    for (Output output : seed.outputs()) {
      if (output instanceof Output.Column c && !columns.contains(c.column())) {
        columns.add(c.column());
      }
    }
    if (!columns.contains(walk.pathColumn())) {
      columns.add(walk.pathColumn());
    }
    DynamoRead read = seed.read().withPlan(plan.withProjection(columns));
    RexBuilder rexBuilder = union.getCluster().getRexBuilder();
    List<RexNode> projects = new ArrayList<>();
    RexNode path = rexBuilder.makeInputRef(read, columns.indexOf(walk.pathColumn()));
    for (int i = 0; i < seed.outputs().size(); i++) {
      Output output = seed.outputs().get(i);
      if (output instanceof Output.Column c) {
        projects.add(rexBuilder.makeInputRef(read, columns.indexOf(c.column())));
        continue;
      }
      RexNode depth = rexBuilder.makeCall(PathFunctions.PATH_DEPTH, path, rexBuilder.makeLiteral(walk.delimiter()));
      RexNode start = ((Output.Level) output).start();
      RexNode level = walk.direction() == HierarchyWalk.Direction.DOWN
          ? rexBuilder.makeCall(SqlStdOperatorTable.MINUS, rexBuilder.makeCall(SqlStdOperatorTable.PLUS, start, depth),
              startDepth(rexBuilder, plan, walk))
          : rexBuilder.makeCall(SqlStdOperatorTable.MINUS, rexBuilder.makeCall(SqlStdOperatorTable.PLUS, start,
              startDepth(rexBuilder, plan, walk)), depth);
      projects.add(rexBuilder.makeCast(union.getRowType().getFieldList().get(i).getType(), level, true, false));
    }
    return LogicalProject.create(read, List.of(), projects, union.getRowType().getFieldNames(), java.util.Set.of());
  }

  /** The depth of the starting path, from the seed's equality on the path column. */
  private static RexNode startDepth(RexBuilder rexBuilder, ReadPlan plan, HierarchyWalk walk) {
    for (RexNode condition : plan.conditions()) {
      for (KeyPredicate p : KeyPredicates.extract(plan.table(), List.of(condition))) {
        if (p.column() == walk.pathColumn() && p.kind() == KeyPredicate.Kind.EQ) {
          RexNode value = ((RexCall) condition).getOperands().get(1);
          if (value instanceof RexInputRef) {
            value = ((RexCall) condition).getOperands().get(0);
          }
          return rexBuilder.makeCall(PathFunctions.PATH_DEPTH, value, rexBuilder.makeLiteral(walk.delimiter()));
        }
      }
    }
    throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED,
        "A level counter in a recursive query needs a seed with a single starting path (path = ...)");
  }
}
