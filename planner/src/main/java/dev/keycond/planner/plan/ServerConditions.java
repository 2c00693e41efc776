package dev.keycond.planner.plan;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Translates SQL conditions into {@link ServerCondition}s where DynamoDB's condition syntax has
 * exactly their meaning.
 *
 * <p>Exactness rests on three facts. In a condition without NOT, a comparison with a NULL (or a
 * missing attribute) that is UNKNOWN in SQL can be taken as FALSE without changing which rows are
 * TRUE, and DynamoDB's comparisons are FALSE on a missing attribute; NOT is pushed down to the
 * atoms, and each atom's negation is written so that it too is FALSE on a missing attribute.
 * DynamoDB compares strings by UTF-8 bytes and numbers by value, as keycond does. Only columns
 * whose stored form compares like their SQL value qualify: text, exact numbers, booleans and
 * binary. A date or time may be stored in any ISO-8601 form (so its text does not order like its
 * value), a DOUBLE is read rounded to a double, and JSON and sets have no SQL order.
 */
public final class ServerConditions {
  private static final Set<ColumnType> COMPARABLE = EnumSet.of(ColumnType.VARCHAR, ColumnType.INTEGER,
      ColumnType.BIGINT, ColumnType.DECIMAL, ColumnType.BOOLEAN, ColumnType.VARBINARY);

  private ServerConditions() {}

  /** The condition over the table's full row, if DynamoDB can check it exactly. */
  public static Optional<ServerCondition> translate(EntityTable table, RexBuilder rexBuilder, RexNode condition) {
    return translate(table, RexUtil.expandSearch(rexBuilder, null, condition));
  }

  /**
   * {@link #translate(EntityTable, RexBuilder, RexNode)} of a condition whose ranges and IN lists
   * are already expanded into comparisons, as a read's conditions are; a SEARCH left in it is not
   * translated, and stays for the driver to check.
   */
  public static Optional<ServerCondition> translate(EntityTable table, RexNode condition) {
    return translate(table, condition, false, false);
  }

  /**
   * A read's FilterExpression for a condition whose ranges and IN lists are expanded: exactly the
   * condition, as {@link #translate(EntityTable, RexNode)}; or, when it names columns that an item
   * may hold in an index key alone (read from their attribute, else the key), the condition unless
   * one of their attributes is missing. That filter is exact for the items that hold the attributes
   * and keeps the others, for the driver to check on the values it decodes from the key.
   */
  public static Optional<ServerCondition> filter(EntityTable table, RexNode condition) {
    Optional<ServerCondition> exact = translate(table, condition, false, true);
    ImmutableList<Column> inKeys = alsoInIndexKeys(table, condition);
    return inKeys.isEmpty() ? exact : exact.map(c -> new ServerCondition.UnlessMissing(c, inKeys));
  }

  /** The columns of a condition that an item may hold in an index key alone, in column order. */
  public static ImmutableList<Column> alsoInIndexKeys(EntityTable table, RexNode condition) {
    return RelOptUtil.InputFinder.bits(condition).asList().stream().map(table::column)
        .filter(table::readsStoredValueThenIndexKey).collect(ImmutableList.toImmutableList());
  }

  /** @param orInKey whether a column read from its attribute, else an index key, is taken as its attribute */
  private static Optional<ServerCondition> translate(EntityTable table, RexNode node, boolean negated,
      boolean orInKey) {
    switch (node.getKind()) {
      case AND:
      case OR:
        // NOT (a AND b) is NOT a OR NOT b, and the other way round.
        boolean and = node.getKind() == SqlKind.AND ^ negated;
        List<ServerCondition> parts = new ArrayList<>();
        for (RexNode operand : ((RexCall) node).getOperands()) {
          Optional<ServerCondition> part = translate(table, operand, negated, orInKey);
          if (part.isEmpty()) {
            return Optional.empty();
          }
          parts.add(part.get());
        }
        return Optional.of(and ? ServerCondition.And.of(parts) : new ServerCondition.Or(ImmutableList.copyOf(parts)));
      case NOT:
        return translate(table, ((RexCall) node).getOperands().get(0), !negated, orInKey);
      case IS_NULL:
      case IS_NOT_NULL:
        return column(table, ((RexCall) node).getOperands().get(0), orInKey)
            .map(c -> new ServerCondition.IsNull(c, negated ^ node.getKind() == SqlKind.IS_NOT_NULL));
      case LIKE:
        return like(table, (RexCall) node, negated, orInKey);
      case INPUT_REF:
        // A BOOLEAN column on its own is the condition column = TRUE.
        return column(table, node, orInKey).filter(c -> c.type() == ColumnType.BOOLEAN).map(c ->
            new ServerCondition.Compare(c, negated ? ServerCondition.Op.NE : ServerCondition.Op.EQ,
                new Operand.Literal(true)));
      default:
        return comparison(table, node, negated, orInKey);
    }
  }

  private static Optional<ServerCondition> comparison(EntityTable table, RexNode node, boolean negated,
      boolean orInKey) {
    Optional<KeyPredicate> atom = KeyPredicates.comparison(table, node);
    if (atom.isEmpty() || atom.get().operands().stream().anyMatch(o -> o instanceof Operand.OuterField)) {
      return Optional.empty();
    }
    KeyPredicate p = atom.get();
    Column column = table.column(p.column());
    if (!qualifies(table, column, orInKey)) {
      return Optional.empty();
    }
    ServerCondition.Op op = op(p.kind());
    return Optional.of(new ServerCondition.Compare(column, negated ? op.negate() : op, p.operand()));
  }

  private static Optional<ServerCondition> like(EntityTable table, RexCall like, boolean negated, boolean orInKey) {
    if (like.getOperator() != SqlStdOperatorTable.LIKE) {
      return Optional.empty();
    }
    Optional<Column> column = column(table, like.getOperands().get(0), orInKey).filter(c -> c.type() == ColumnType.VARCHAR);
    RexNode pattern = like.getOperands().get(1);
    Optional<Operand> operand = pattern instanceof RexDynamicParam param
        ? Optional.of(new Operand.Parameter(param.getIndex()))
        : pattern instanceof RexLiteral literal && !literal.isNull()
            ? Optional.of(new Operand.Literal(literal.getValueAs(String.class))) : Optional.empty();
    String escape = null;
    if (like.getOperands().size() > 2) {
      if (!(like.getOperands().get(2) instanceof RexLiteral e) || e.isNull()) {
        return Optional.empty();
      }
      escape = e.getValueAs(String.class);
    }
    String escapeText = escape;
    return column.flatMap(c -> operand.map(o -> new ServerCondition.Like(c, o, escapeText, negated)));
  }

  private static Optional<Column> column(EntityTable table, RexNode node, boolean orInKey) {
    return node instanceof RexInputRef ref
        ? Optional.of(table.column(ref.getIndex())).filter(c -> qualifies(table, c, orInKey))
        : Optional.empty();
  }

  /**
   * An ordinary column, stored in an attribute of its own in a form that compares like its value;
   * with {@code orInKey}, also one read from that attribute, else from an index key.
   */
  private static boolean qualifies(EntityTable table, Column column, boolean orInKey) {
    return COMPARABLE.contains(column.type()) && !column.isWholeItem()
        && (table.readsStoredValue(column) || orInKey && table.readsStoredValueThenIndexKey(column));
  }

  private static ServerCondition.Op op(KeyPredicate.Kind kind) {
    switch (kind) {
      case EQ:
        return ServerCondition.Op.EQ;
      case LT:
        return ServerCondition.Op.LT;
      case LE:
        return ServerCondition.Op.LE;
      case GT:
        return ServerCondition.Op.GT;
      default:
        return ServerCondition.Op.GE;
    }
  }
}
