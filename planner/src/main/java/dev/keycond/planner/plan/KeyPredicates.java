package dev.keycond.planner.plan;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.functions.PathFunctions;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.Hierarchy;
import dev.keycond.planner.mapping.Sharding;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.table.EntityTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Finds the conjuncts a key condition might express: comparisons of a column with a literal or a
 * parameter, and {@code LIKE} with a literal prefix. Everything else is left for the driver.
 */
public final class KeyPredicates {
  private KeyPredicates() {}

  /** @param conjuncts conditions over the table's full row type, already split on AND */
  public static List<KeyPredicate> extract(EntityTable table, List<RexNode> conjuncts) {
    List<KeyPredicate> predicates = new ArrayList<>();
    for (int i = 0; i < conjuncts.size(); i++) {
      extract(table, conjuncts.get(i), i).ifPresent(predicates::add);
    }
    table.mapping().hierarchy().ifPresent(h -> predicates.addAll(parentPrefixes(table, h, predicates)));
    table.mapping().sharding().ifPresent(s -> shard(table, s, predicates).ifPresent(predicates::add));
    return predicates;
  }

  /**
   * What the mapping says of a sharded partition's shard column when the statement does not bind
   * it: the shard of each value its source column is bound to (a key read pairs each with its own
   * value, see {@link KeyConditionTranslator}), else any of the shards, which makes a read of the
   * whole logical partition one Query per shard.
   */
  private static Optional<KeyPredicate> shard(EntityTable table, Sharding sharding, List<KeyPredicate> predicates) {
    int shard = table.columnIndex(sharding.column());
    int of = table.columnIndex(sharding.of());
    if (predicates.stream().anyMatch(p -> p.column() == shard && p.kind().isEquality())) {
      return Optional.empty();
    }
    ColumnType ofType = table.column(of).type();
    ColumnType shardType = table.column(shard).type();
    Optional<KeyPredicate> source = predicates.stream().filter(p -> p.column() == of && p.kind().isEquality())
        .findFirst();
    ImmutableList.Builder<Operand> shards = ImmutableList.builder();
    if (source.isPresent()) {
      source.get().operands().forEach(value -> shards.add(new Operand.ShardOf(value, ofType, sharding.count())));
    } else {
      for (int n = 1; n <= sharding.count(); n++) {
        shards.add(new Operand.Literal(SqlValues.toColumnValue(n, shardType)));
      }
    }
    ImmutableList<Operand> operands = shards.build();
    return Optional.of(new KeyPredicate(shard, operands.size() == 1 ? KeyPredicate.Kind.EQ : KeyPredicate.Kind.IN,
        operands, KeyPredicate.IMPLIED, true));
  }

  /**
   * One comparison ({@code =}, {@code <}, {@code <=}, {@code >}, {@code >=}) of a column with a
   * value, as a key predicate would take it; empty for anything else. A server-side condition is
   * made of such atoms.
   */
  public static Optional<KeyPredicate> comparison(EntityTable table, RexNode node) {
    return node.getKind() == SqlKind.OR || node.getKind() == SqlKind.LIKE ? Optional.empty()
        : extract(table, node, 0).filter(p -> p.exact() && p.kind() != KeyPredicate.Kind.PREFIX);
  }

  /**
   * In a declared hierarchy the parent is the path up to its last delimiter, a prefix of the path,
   * so {@code parent = p} and {@code parent LIKE 'p%'} imply that the path starts with {@code p}:
   * the children of a folder, and everything under folders starting with p, lie in that key range.
   * The parent condition itself stays for the driver to check.
   */
  private static List<KeyPredicate> parentPrefixes(EntityTable table, Hierarchy hierarchy,
      List<KeyPredicate> predicates) {
    int parent = table.columnIndex(hierarchy.parentColumn());
    int path = table.columnIndex(hierarchy.pathColumn());
    List<KeyPredicate> implied = new ArrayList<>();
    for (KeyPredicate p : predicates) {
      boolean prefixOfParent = p.kind() == KeyPredicate.Kind.EQ || p.kind() == KeyPredicate.Kind.PREFIX;
      if (p.column() == parent && prefixOfParent && !isEmptyText(p.operand())) {
        implied.add(new KeyPredicate(path, KeyPredicate.Kind.PREFIX, p.operand(), p.conjunct(), false));
      }
    }
    return implied;
  }

  /**
   * {@code PARENT_PATH(c) = x}: the parent path is c up to its last delimiter, a prefix of c, so c
   * starts with x. The comparison itself stays for the driver to check.
   */
  private static Optional<KeyPredicate> parentPathPrefix(EntityTable table, RexNode side, RexNode value,
      int conjunct) {
    if (!(side instanceof RexCall call) || call.getOperator() != PathFunctions.PARENT_PATH
        || !(call.getOperands().get(0) instanceof RexInputRef ref)
        || table.column(ref.getIndex()).type() != ColumnType.VARCHAR) {
      return Optional.empty();
    }
    return operand(table, ref, value).filter(op -> !isEmptyText(op))
        .map(op -> new KeyPredicate(ref.getIndex(), KeyPredicate.Kind.PREFIX, op, conjunct, false));
  }

  /** An empty prefix implies nothing; as a key condition it would only displace a range. */
  private static boolean isEmptyText(Operand operand) {
    return operand instanceof Operand.Literal literal && "".equals(literal.value());
  }

  private static Optional<KeyPredicate> extract(EntityTable table, RexNode node, int conjunct) {
    if (!(node instanceof RexCall call)) {
      return Optional.empty();
    }
    if (call.getKind() == SqlKind.OR) {
      return inList(table, call, conjunct);
    }
    KeyPredicate.Kind kind = comparison(call.getKind());
    if (kind != null && call.getOperands().size() == 2) {
      RexNode left = call.getOperands().get(0);
      RexNode right = call.getOperands().get(1);
      if (kind == KeyPredicate.Kind.EQ) {
        Optional<KeyPredicate> prefix = parentPathPrefix(table, left, right, conjunct)
            .or(() -> parentPathPrefix(table, right, left, conjunct));
        if (prefix.isPresent()) {
          return prefix;
        }
      }
      Optional<RexInputRef> leftColumn = column(left);
      if (leftColumn.isPresent()) {
        RexInputRef ref = leftColumn.get();
        return operand(table, ref, right).map(op -> new KeyPredicate(ref.getIndex(), kind, op, conjunct, true));
      }
      return column(right).flatMap(ref -> operand(table, ref, left)
          .map(op -> new KeyPredicate(ref.getIndex(), kind.flip(), op, conjunct, true)));
    }
    if (call.getOperator() == SqlStdOperatorTable.LIKE && call.getOperands().get(0) instanceof RexInputRef ref) {
      return like(table, ref, call, conjunct);
    }
    return Optional.empty();
  }

  /**
   * The column a comparison side reads. Calcite casts an exact-number column to a common DECIMAL
   * type when a literal has more digits than it (a 29-digit literal against DECIMAL(38, 10)); SQL
   * compares exact numbers by value, so the column is still compared as it is stored.
   */
  private static Optional<RexInputRef> column(RexNode node) {
    if (node instanceof RexInputRef ref) {
      return Optional.of(ref);
    }
    if (node.getKind() == SqlKind.CAST && ((RexCall) node).getOperands().get(0) instanceof RexInputRef ref
        && SqlTypeUtil.isExactNumeric(ref.getType()) && SqlTypeUtil.isExactNumeric(node.getType())) {
      return Optional.of(ref);
    }
    return Optional.empty();
  }

  /** {@code c = a OR c = b ...} (which is also what {@code c IN (a, b)} becomes) on one column. */
  private static Optional<KeyPredicate> inList(EntityTable table, RexCall or, int conjunct) {
    Set<Operand> values = new LinkedHashSet<>();
    int column = -1;
    for (RexNode disjunct : RelOptUtil.disjunctions(or)) {
      Optional<KeyPredicate> eq = extract(table, disjunct, conjunct);
      if (eq.isEmpty() || eq.get().kind() != KeyPredicate.Kind.EQ || column >= 0 && eq.get().column() != column) {
        return Optional.empty();
      }
      column = eq.get().column();
      values.add(eq.get().operand());
    }
    return Optional.of(new KeyPredicate(column, KeyPredicate.Kind.IN, ImmutableList.copyOf(values), conjunct, true));
  }

  private static Optional<KeyPredicate> like(EntityTable table, RexInputRef ref, RexCall call, int conjunct) {
    if (table.column(ref.getIndex()).type() != ColumnType.VARCHAR) {
      return Optional.empty();
    }
    RexNode pattern = call.getOperands().get(1);
    String escape = null;
    if (call.getOperands().size() > 2) {
      if (!(call.getOperands().get(2) instanceof RexLiteral e) || e.isNull()) {
        return Optional.empty();
      }
      escape = e.getValueAs(String.class);
    }
    if (pattern instanceof RexDynamicParam param) {
      // The prefix is only known at execution; the LIKE stays for the driver to check the rest.
      Operand prefix = new Operand.PatternPrefix(new Operand.Parameter(param.getIndex()), escape);
      return Optional.of(new KeyPredicate(ref.getIndex(), KeyPredicate.Kind.PREFIX, prefix, conjunct, false));
    }
    if (!(pattern instanceof RexLiteral literal) || literal.isNull()) {
      return Optional.empty();
    }
    LikePattern parsed;
    try {
      parsed = LikePattern.parse(literal.getValueAs(String.class), escape);
    } catch (KeycondException invalid) {
      // Left to the driver, which reports the invalid pattern when it compiles the LIKE, before
      // any request is sent.
      return Optional.empty();
    }
    Operand prefix = new Operand.Literal(parsed.prefix());
    if (parsed.wildcardFree()) {
      return Optional.of(new KeyPredicate(ref.getIndex(), KeyPredicate.Kind.EQ, prefix, conjunct, true));
    }
    return Optional.of(new KeyPredicate(ref.getIndex(), KeyPredicate.Kind.PREFIX, prefix, conjunct, parsed.prefixOnly()));
  }

  private static KeyPredicate.Kind comparison(SqlKind kind) {
    switch (kind) {
      case EQUALS:
        return KeyPredicate.Kind.EQ;
      case LESS_THAN:
        return KeyPredicate.Kind.LT;
      case LESS_THAN_OR_EQUAL:
        return KeyPredicate.Kind.LE;
      case GREATER_THAN:
        return KeyPredicate.Kind.GT;
      case GREATER_THAN_OR_EQUAL:
        return KeyPredicate.Kind.GE;
      default:
        return null;
    }
  }

  /** The value side of a comparison, converted to the column's type; empty when it is not a value. */
  private static Optional<Operand> operand(EntityTable table, RexInputRef ref, RexNode node) {
    RexNode value = node;
    while (value.getKind() == SqlKind.CAST) {
      value = ((RexCall) value).getOperands().get(0);
    }
    if (value instanceof RexDynamicParam param) {
      return Optional.of(new Operand.Parameter(param.getIndex()));
    }
    if (value instanceof RexFieldAccess access && access.getReferenceExpr() instanceof RexCorrelVariable variable) {
      return Optional.of(new Operand.OuterField(variable.id, access.getField().getIndex(),
          access.getField().getName()));
    }
    if (!(value instanceof RexLiteral literal) || literal.isNull()) {
      return Optional.empty();
    }
    Column column = table.column(ref.getIndex());
    Object constant = SqlValues.fromLiteral(literal);
    try {
      return Optional.of(new Operand.Literal(SqlValues.toColumnValue(constant, column.type())));
    } catch (KeycondException notConvertible) {
      // SQL compares numbers by value: 1599.5 or 2^40 against an INTEGER column is still an exact
      // bound, or an equality no row meets; the key value binder decides which (KeyValueBinder).
      // Any other value that does not convert ('abc' for a number) never becomes a key value.
      if (!column.type().isExactInteger() || !(constant instanceof BigDecimal || constant instanceof Long)) {
        return Optional.empty();
      }
      return Optional.of(new Operand.Literal(IntegerComparand.exact(constant)));
    }
  }
}
