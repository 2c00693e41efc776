package dev.keycond.planner.write;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.plan.ServerCondition;
import dev.keycond.planner.plan.ServerConditions;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.DynamoWrite;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Turns the TableModify of an INSERT, UPSERT, UPDATE or DELETE, whose input the read rules have
 * already planned, into a {@link DynamoWrite}, refusing what DynamoDB cannot do as the statement
 * says: changing a key (a new item, not an update, and without a transaction not atomic), or a
 * WHERE clause that no single read can find the rows of.
 */
public final class WritePlanner {
  private WritePlanner() {}

  /**
   * @param input the modify's input after push-down: the rows to insert, or for UPDATE and
   *     DELETE, the read that finds the rows (under the UPDATE's projection of new values)
   * @param upsert for an INSERT, whether it is {@code UPSERT INTO}
   * @param returnsRows whether the statement returns the rows it writes (RETURNING)
   * @param checks the EXISTS and NOT EXISTS subqueries taken out of an UPDATE's or DELETE's WHERE clause
   */
  public static DynamoWrite plan(TableModify modify, RelNode input, EntityTable table, boolean upsert,
      boolean returnsRows, ImmutableList<ExistenceCheck> checks) {
    switch (modify.getOperation()) {
      case INSERT:
        return insert(modify.getCluster(), modify.getTraitSet(), input, table, upsert);
      case DELETE:
        return change(modify, input, table, true, returnsRows, checks);
      case UPDATE:
        return change(modify, input, table, false, returnsRows, checks);
      default:
        throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond does not run "
            + modify.getOperation() + " statements");
    }
  }

  /**
   * The write that inserts the rows of {@code rows}, each of the table's columns in order: Calcite's
   * path and the direct path of a simple INSERT both end here.
   */
  public static DynamoWrite insert(RelOptCluster cluster, RelTraitSet traits, RelNode rows, EntityTable table,
      boolean upsert) {
    return new DynamoWrite(cluster, traits, rows, new WritePlan.InsertRows(table, upsert));
  }

  private static DynamoWrite change(TableModify modify, RelNode input, EntityTable table, boolean delete,
      boolean returnsRows, ImmutableList<ExistenceCheck> checks) {
    RelNode below = input instanceof Project project ? project.getInput() : input;
    if (!(below instanceof DynamoRead read)) {
      throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond runs " + (delete ? "DELETE" : "UPDATE")
          + " statements whose WHERE clause compares columns of table '" + table.name() + "' with values (=, <, "
          + "LIKE, IN, IS NULL, AND, OR, NOT), and EXISTS or NOT EXISTS subqueries that read one item of a table by "
          + "its whole key; this one needs another table or a subquery to find its rows. Find "
          + "the keys with a SELECT first, then " + (delete ? "delete" : "update") + " by key");
    }
    // A SET whose values are all columns (SET amount = amount - 0, simplified to amount) leaves no
    // Project: the read's own projection then lists what the UPDATE's source expressions refer to.
    ImmutableList<ColumnValue> values = delete ? ImmutableList.of()
        : setValues(modify, input instanceof Project project ? Optional.of(project) : Optional.empty(), read.plan());
    return change(modify.getCluster(), modify.getTraitSet(), read, table, values, returnsRows, checks);
  }

  /**
   * The write that changes the rows {@code read} finds: it sets {@code values}, or deletes the rows
   * when there are none. Calcite's path and the direct path of a simple UPDATE or DELETE both end
   * here, so that a statement is the same write whichever way it was planned.
   *
   * @param read the read that finds the rows, under the statement's conditions
   * @param values each column the SET clause assigns and its value, over the table's full row
   */
  public static DynamoWrite change(RelOptCluster cluster, RelTraitSet traits, DynamoRead read, EntityTable table,
      List<ColumnValue> values, boolean returnsRows, ImmutableList<ExistenceCheck> checks) {
    ReadPlan found = read.plan();
    RexBuilder rex = cluster.getRexBuilder();
    boolean delete = values.isEmpty();
    ImmutableList<Assignment> assignments = assignments(values, table);
    List<RexNode> residual = found.residual();
    List<ServerCondition> translated = new ArrayList<>();
    for (RexNode condition : residual) {
      ServerConditions.translate(table, rex, condition).ifPresent(translated::add);
    }
    boolean allTranslated = translated.size() == residual.size();
    // A write by key must not change another entity's item that has the same key: its constants tell.
    table.mapping().constants().values().forEach(c -> translated.add(new ServerCondition.HoldsConstant(c)));
    Optional<ServerCondition> condition = allTranslated ? Optional.of(ServerCondition.And.of(translated))
        : Optional.empty();
    ReadPlan target = found.withProjection(List.copyOf(neededColumns(table, found, assignments)));
    return new DynamoWrite(cluster, traits, read.withPlan(target),
        new WritePlan.ChangeRows(table, delete, target, assignments, condition, returnsRows, checks));
  }

  /** The UPDATE's SET clause as Calcite planned it: each target column and its source expression. */
  private static ImmutableList<ColumnValue> setValues(TableModify modify, Optional<Project> project, ReadPlan found) {
    // The project's expressions are over the read's output, which lists table columns in projection order.
    RexShuttle toTableRow = new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef ref) {
        int column = found.projection().get(ref.getIndex());
        return new RexInputRef(column, ref.getType());
      }
    };
    ImmutableList.Builder<ColumnValue> values = ImmutableList.builder();
    List<String> columns = modify.getUpdateColumnList();
    for (int i = 0; i < columns.size(); i++) {
      RexNode source = modify.getSourceExpressionList().get(i);
      values.add(new ColumnValue(columns.get(i), (source instanceof RexInputRef ref
          ? project.map(p -> p.getProjects().get(ref.getIndex())).orElse(ref) : source).accept(toTableRow)));
    }
    return values.build();
  }

  private static ImmutableList<Assignment> assignments(List<ColumnValue> values, EntityTable table) {
    ImmutableList.Builder<Assignment> assignments = ImmutableList.builder();
    for (ColumnValue value : values) {
      int column = table.columnIndex(value.column());
      Column assigned = table.column(column);
      if (table.isKeyColumn(assigned.name())) {
        throw keyChange(table, assigned);
      }
      assignments.add(classify(column, assigned, value.value()));
    }
    return assignments.build();
  }

  /**
   * Changing a key column means another item: the old one deleted and a new one put, which
   * DynamoDB does atomically only in a transaction.
   */
  private static KeycondException keyChange(EntityTable table, Column column) {
    String attribute = table.keyAttributeOf(column.name()).orElseThrow();
    return new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "UPDATE cannot change column '" + column.name()
        + "' of table '" + table.name() + "': it is part of the key (" + attribute + " = '" + table.template(attribute)
        + "'), and an item with another key is another item. DynamoDB can only delete the old item and put a new "
        + "one, which without a transaction is not atomic; keycond does not do that behind your back. DELETE the "
        + "row and INSERT it with its new key instead");
  }

  /**
   * Only an INTEGER or BIGINT column is added to by DynamoDB ({@code SET #n = #n + :v}), since a
   * condition can keep its sum in range. The sum of two DECIMALs may need more than the 38
   * significant digits DynamoDB holds, which no condition can rule out, so it is computed in the
   * driver, where such a sum is refused (22003) before it is written.
   */
  private static Assignment classify(int column, Column assigned, RexNode value) {
    if (!RexUtil.containsInputRef(value)) {
      return new Assignment.SetValue(column, value);
    }
    RexNode stripped = withoutNumericCasts(value);
    if ((stripped.getKind() == SqlKind.PLUS || stripped.getKind() == SqlKind.MINUS)
        && assigned.type().isExactInteger() && SqlTypeUtil.isExactNumeric(value.getType())) {
      List<RexNode> operands = ((RexCall) stripped).getOperands();
      RexNode left = withoutNumericCasts(operands.get(0));
      RexNode right = operands.get(1);
      boolean subtract = stripped.getKind() == SqlKind.MINUS;
      if (isColumn(left, column) && !RexUtil.containsInputRef(right)) {
        return new Assignment.Increment(column, right, subtract);
      }
      if (!subtract && isColumn(withoutNumericCasts(right), column) && !RexUtil.containsInputRef(left)) {
        return new Assignment.Increment(column, left, false);
      }
    }
    return new Assignment.Computed(column, value);
  }

  private static boolean isColumn(RexNode node, int column) {
    return node instanceof RexInputRef ref && ref.getIndex() == column;
  }

  /** An exact number widened to another exact type has the same value. */
  private static RexNode withoutNumericCasts(RexNode node) {
    RexNode current = node;
    while (current.getKind() == SqlKind.CAST && SqlTypeUtil.isExactNumeric(current.getType())
        && SqlTypeUtil.isExactNumeric(((RexCall) current).getOperands().get(0).getType())) {
      current = ((RexCall) current).getOperands().get(0);
    }
    return current;
  }

  /**
   * The columns a change must read or know: the key, what its conditions and computed values use,
   * and the columns of every index key template that an assigned column feeds, since that index
   * attribute is rewritten with it.
   */
  private static Set<Integer> neededColumns(EntityTable table, ReadPlan found, List<Assignment> assignments) {
    Set<Integer> needed = new TreeSet<>();
    for (Column column : table.columns()) {
      if (table.isKeyColumn(column.name())) {
        needed.add(table.columnIndex(column.name()));
      }
    }
    for (RexNode condition : found.residual()) {
      RelOptUtil.InputFinder.bits(condition).forEach(needed::add);
    }
    for (Assignment assignment : assignments) {
      needed.add(assignment.column());
      if (assignment instanceof Assignment.Computed computed) {
        RelOptUtil.InputFinder.bits(computed.expression()).forEach(needed::add);
      }
      String name = table.column(assignment.column()).name();
      for (KeyTemplate template : table.mapping().keys().values()) {
        if (template.columns().contains(name)) {
          template.columns().forEach(c -> needed.add(table.columnIndex(c)));
        }
      }
    }
    table.mapping().hierarchy().ifPresent(h -> {
      if (assignments.stream().anyMatch(a -> table.column(a.column()).name().equals(h.parentColumn()))) {
        needed.add(table.columnIndex(h.pathColumn()));
      }
    });
    return needed;
  }
}
