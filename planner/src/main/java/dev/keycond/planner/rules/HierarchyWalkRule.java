package dev.keycond.planner.rules;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.plan.ExpressionFormatter;
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
import dev.keycond.planner.table.EntityTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
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
import org.apache.calcite.util.Util;

/**
 * Replaces a {@code WITH RECURSIVE} walk of a declared hierarchy with key reads: the seed names the
 * starting paths, and the recursive step joins rows to the rows already found through the parent
 * column. Down the tree that is one {@code begins_with} Query per starting path; up the tree, one
 * BatchGetItem of the starting path and its prefixes.
 *
 * <p>The rewrite must give exactly the rows the recursion gives. The step must equate every
 * partition column, or the recursion would also find rows of other partitions that share the
 * paths; such a statement is refused. keycond evaluates a recursion only this way, so any other
 * difference of shape is refused too, naming the first part of the query that does not fit
 * ({@link WalkRefusal}).
 */
public final class HierarchyWalkRule extends RelRule<ReadRuleConfig> {
  /** How to limit a walk's depth, which the refusals of a condition on the recursive side say. */
  private static final String DEPTH_LIMIT = "To limit the depth, filter the walk's rows after it, outside the "
      + "recursive query (WITH RECURSIVE tree AS (...) SELECT ... FROM tree WHERE lvl <= 2): the subtree is still "
      + "one read";

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
    // The recursive table's own names: the union's row type takes the seed's, which may be renamed.
    Optional<RelOptTable> transientTable = Optional.ofNullable(union.getTransientTable());
    String recursiveTable = transientTable.map(t -> Util.last(t.getQualifiedName())).orElse("t");
    List<String> recursiveNames = transientTable.map(t -> t.getRowType().getFieldNames())
        .orElse(union.getRowType().getFieldNames());
    Seed seed = seed(unspool(union.getSeedRel()));
    EntityTable table = seed.read().entity();
    Hierarchy hierarchy = table.mapping().hierarchy().orElseThrow();
    int pathColumn = table.columnIndex(hierarchy.pathColumn());
    int parentColumn = table.columnIndex(hierarchy.parentColumn());
    Step step = step(unspool(union.getIterativeRel()), table, seed.outputs(), recursiveTable, recursiveNames);
    Set<List<Integer>> pairs = step.equated();
    HierarchyWalk.Direction direction;
    if (pairs.contains(List.of(parentColumn, pathColumn))) {
      direction = HierarchyWalk.Direction.DOWN;
    } else if (pairs.contains(List.of(pathColumn, parentColumn))) {
      direction = HierarchyWalk.Direction.UP;
    } else {
      throw WalkRefusal.because("the recursive join does not link a child to its parent row by "
          + table.name() + "." + hierarchy.parentColumn() + " = " + recursiveTable + "." + hierarchy.pathColumn()
          + " (down the tree) or " + table.name() + "." + hierarchy.pathColumn() + " = " + recursiveTable + "."
          + hierarchy.parentColumn() + " (up the tree)");
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
      List<String> extra = pairs.stream().filter(p -> !expected.contains(p))
          .map(p -> table.name() + "." + table.column(p.get(0)).name() + " = " + recursiveTable + "."
              + table.column(p.get(1)).name())
          .sorted().toList();
      throw WalkRefusal.because("the recursive join also equates " + String.join(" and ", extra)
          + ", which the walk's read cannot check; write such conditions on the child's columns alone");
    }
    ReadPlan seedPlan = seed.read().plan();
    AccessPath access = walkAccess(seedPlan, pathColumn, direction);
    List<RexNode> rootConditions = seedPlan.residual();
    HierarchyWalk walk = new HierarchyWalk(direction, pathColumn, parentColumn, hierarchy.delimiter(),
        ImmutableList.copyOf(rootConditions), step.read().plan().conditions(), !union.all);
    call.transformTo(output(union, seed, ReadPlan.walk(seedPlan, access, walk), walk));
  }

  /** The input of a spool; inside the Hep planner every input is a vertex, hence the stripping. */
  private static RelNode unspool(RelNode rel) {
    RelNode node = rel.stripped();
    return node instanceof Spool spool ? spool.getInput().stripped() : node;
  }

  /** The seed: a read of a hierarchy table, under a projection of its columns and level literals. */
  private record Seed(DynamoRead read, List<Output> outputs) {}

  private static Seed seed(RelNode rel) {
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
          throw WalkRefusal.because("the seed selects " + new ExpressionFormatter(readNames(r)).format(e)
              + ", which is neither a column of table '" + r.entity().name() + "' nor a number to count levels from");
        }
      }
    } else {
      throw WalkRefusal.because("the seed (the SELECT before UNION) is not a read of one table");
    }
    EntityTable table = read.entity();
    ReadPlan plan = read.plan();
    if (table.mapping().hierarchy().isEmpty()) {
      throw WalkRefusal.because("the mapping of table '" + table.name() + "' declares no hierarchy");
    }
    if (!plan.acceptsConditions()) {
      throw WalkRefusal.because("the seed has ORDER BY, LIMIT or an aggregate");
    }
    if (plan.access().isScan() || plan.access().index().isPresent()) {
      throw WalkRefusal.because("the seed does not read its starting rows of table '" + table.name()
          + "' by their key: it must bind " + String.join(", ", table.template(table.source().keys().hashAttribute())
          .columns()) + " and " + table.mapping().hierarchy().get().pathColumn() + ", each by equality or IN");
    }
    return new Seed(read, outputs);
  }

  /** The fields of a read, named for a refusal message. */
  private static List<String> readNames(DynamoRead read) {
    return read.plan().projection().stream()
        .map(c -> read.entity().name() + "." + read.entity().column(c).name()).toList();
  }

  /**
   * The recursive step: a read of the same table joined to the recursive table, projected to the
   * seed's columns (a level column as the previous level plus one).
   *
   * @param equated pairs of (table column of the step's read, table column of the recursive table)
   */
  private record Step(DynamoRead read, Set<List<Integer>> equated) {}

  private static Step step(RelNode rel, EntityTable table, List<Output> outputs, String recursiveTable,
      List<String> recursiveNames) {
    List<RexNode> projects = null;
    RelNode body = rel;
    if (rel instanceof Project project) {
      projects = project.getProjects();
      body = project.getInput().stripped();
    }
    if (!(body instanceof Join join) || join.getJoinType() != JoinRelType.INNER) {
      throw WalkRefusal.because("the recursive step (the SELECT after UNION) is not an inner join of table '"
          + table.name() + "' with " + recursiveTable);
    }
    RelNode left = join.getLeft().stripped();
    RelNode right = join.getRight().stripped();
    boolean readOnLeft = left instanceof DynamoRead;
    RelNode readSide = readOnLeft ? left : right;
    RelNode recursiveSide = readOnLeft ? right : left;
    if (!(readSide instanceof DynamoRead read) || !read.entity().name().equals(table.name())) {
      throw WalkRefusal.because("the recursive step does not join table '" + table.name() + "' itself to "
          + recursiveTable);
    }
    if (!read.plan().acceptsConditions()) {
      throw WalkRefusal.because("the recursive step's read of table '" + table.name()
          + "' has ORDER BY, LIMIT or an aggregate");
    }
    int[] recursiveColumns = recursiveColumns(recursiveSide, recursiveTable, recursiveNames);
    int leftWidth = join.getLeft().getRowType().getFieldCount();
    int readOffset = readOnLeft ? 0 : leftWidth;
    int recursiveOffset = readOnLeft ? leftWidth : 0;
    int readWidth = read.getRowType().getFieldCount();
    List<String> readNames = readNames(read);
    List<String> recursiveSideNames = Arrays.stream(recursiveColumns)
        .mapToObj(c -> recursiveTable + "." + recursiveNames.get(c)).toList();
    List<String> names = new ArrayList<>(readOnLeft ? readNames : recursiveSideNames);
    names.addAll(readOnLeft ? recursiveSideNames : readNames);
    ExpressionFormatter joinFormatter = new ExpressionFormatter(names);

    Set<List<Integer>> equated = new HashSet<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(join.getCondition())) {
      String unsupported = "the recursive join has the condition " + joinFormatter.format(conjunct)
          + ", which is not a column of table '" + table.name() + "' equal to a column of " + recursiveTable;
      if (conjunct.getKind() != SqlKind.EQUALS) {
        throw WalkRefusal.because(unsupported);
      }
      RexCall eq = (RexCall) conjunct;
      if (!(eq.getOperands().get(0) instanceof RexInputRef a) || !(eq.getOperands().get(1) instanceof RexInputRef b)) {
        throw WalkRefusal.because(unsupported);
      }
      RexInputRef readRef = isRead(a, readOffset, readWidth) ? a : b;
      RexInputRef recursiveRef = readRef == a ? b : a;
      if (!isRead(readRef, readOffset, readWidth) || isRead(recursiveRef, readOffset, readWidth)) {
        throw WalkRefusal.because(unsupported);
      }
      int readColumn = read.plan().projection().get(readRef.getIndex() - readOffset);
      Output output = outputs.get(recursiveColumns[recursiveRef.getIndex() - recursiveOffset]);
      if (!(output instanceof Output.Column column)) {
        throw WalkRefusal.because("the recursive join compares the level counter: " + joinFormatter.format(conjunct)
            + ". " + DEPTH_LIMIT);
      }
      equated.add(List.of(readColumn, column.column()));
    }
    if (projects == null) {
      throw WalkRefusal.because("the recursive step selects columns of both sides of its join");
    }
    for (int i = 0; i < projects.size(); i++) {
      RexNode e = projects.get(i);
      Output output = outputs.get(i);
      if (output instanceof Output.Column column) {
        if (!isColumn(e, column.column(), read, readOffset, readWidth, recursiveOffset, recursiveColumns, outputs,
            equated)) {
          throw WalkRefusal.because("column " + recursiveNames.get(i) + " of the recursive step is "
              + joinFormatter.format(e) + " where the seed has " + table.name() + "."
              + table.column(column.column()).name() + "; the step may only pass the child's columns through");
        }
      } else if (!isIncrement(e, recursiveOffset, recursiveColumns, i)) {
        throw WalkRefusal.because("column " + recursiveNames.get(i) + " of the recursive step is "
            + joinFormatter.format(e) + " where a level counter must be " + recursiveTable + "."
            + recursiveNames.get(i) + " + 1");
      }
    }
    return new Step(read, equated);
  }

  /**
   * Whether the step's expression {@code e} is the child's table column {@code column}: the read's
   * column itself, or a column of the recursive table that the join equates with it.
   */
  private static boolean isColumn(RexNode e, int column, DynamoRead read, int readOffset, int readWidth,
      int recursiveOffset, int[] recursiveColumns, List<Output> outputs, Set<List<Integer>> equated) {
    if (!(e instanceof RexInputRef ref)) {
      return false;
    }
    if (isRead(ref, readOffset, readWidth)) {
      return read.plan().projection().get(ref.getIndex() - readOffset) == column;
    }
    Output recursive = outputs.get(recursiveColumns[ref.getIndex() - recursiveOffset]);
    return recursive instanceof Output.Column c && equated.contains(List.of(column, c.column()));
  }

  private static boolean isRead(RexInputRef ref, int offset, int width) {
    return ref.getIndex() >= offset && ref.getIndex() < offset + width;
  }

  /**
   * The recursive table's columns behind the fields of the join's recursive side: a scan of the
   * recursive table, possibly narrowed to some of its columns.
   */
  private static int[] recursiveColumns(RelNode side, String recursiveTable, List<String> recursiveNames) {
    if (side instanceof TableScan scan && !(scan instanceof DynamoRead)) {
      return java.util.stream.IntStream.range(0, scan.getRowType().getFieldCount()).toArray();
    }
    if (side instanceof Project project && project.getInput().stripped() instanceof TableScan scan
        && !(scan instanceof DynamoRead) && project.getProjects().stream().allMatch(e -> e instanceof RexInputRef)) {
      return project.getProjects().stream().mapToInt(e -> ((RexInputRef) e).getIndex()).toArray();
    }
    if (side instanceof Filter filter) {
      // The filter's input is the recursive table, or a narrowing of it; its fields are named as the table's.
      List<String> names = filter.getInput().getRowType().getFieldNames().stream()
          .map(n -> recursiveTable + "." + n).toList();
      throw WalkRefusal.because("the recursive step has a condition on the recursive table " + recursiveTable
          + " (" + new ExpressionFormatter(names).format(filter.getCondition()) + "); the walk reads whole "
          + "subtrees, so the step can only have conditions on the child's columns. " + DEPTH_LIMIT);
    }
    throw WalkRefusal.because("the recursive step does not join " + recursiveTable + " itself");
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
  private static AccessPath walkAccess(ReadPlan seed, int pathColumn, HierarchyWalk.Direction direction) {
    AccessPath access = seed.access();
    boolean pathBound = KeyPredicates.extract(seed.table(), seed.conditions()).stream()
        .anyMatch(p -> p.column() == pathColumn && p.kind().isEquality() && access.consumed().contains(p.conjunct()));
    boolean startsAreItems = access.kind() == AccessPath.Kind.GET_ITEM
        && access.keys().stream().allMatch(k -> k.sort().filter(s -> s.op() == SortCondition.Op.EQ).isPresent());
    if (!pathBound || !startsAreItems) {
      EntityTable table = seed.table();
      throw WalkRefusal.because("the seed does not name its starting rows by " + table.column(pathColumn).name()
          + " = ... or " + table.column(pathColumn).name() + " IN (...) (with the partition columns bound), so "
          + "the starting paths are not known before the read; a seed by " + table.mapping().hierarchy()
          .orElseThrow().parentColumn() + " or by a prefix (LIKE) is not one");
    }
    if (direction == HierarchyWalk.Direction.UP) {
      return access;
    }
    ImmutableList.Builder<KeyCondition> slices = ImmutableList.builder();
    for (KeyCondition key : access.keys()) {
      SortCondition sort = key.sort().orElseThrow();
      slices.add(key.withSort(Optional.of(SortCondition.of(sort.attribute(), SortCondition.Op.BEGINS_WITH, sort.low()))));
    }
    return new AccessPath(AccessPath.Kind.QUERY, Optional.empty(), slices.build(), access.consumed(),
        false, ImmutableList.of(pathColumn), AccessPath.TableFetch.NONE, false);
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
