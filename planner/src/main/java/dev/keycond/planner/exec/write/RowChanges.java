package dev.keycond.planner.exec.write;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.codec.ConstantValues;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.codec.ItemLimits;
import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.plan.Operand;
import dev.keycond.planner.plan.ServerCondition;
import dev.keycond.planner.request.ItemChange;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.write.Assignment;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import dev.keycond.planner.plan.ExpressionFormatter;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What an UPDATE's SET clause does to one item, the derived attributes included: every index key
 * attribute whose template reads an assigned column is rewritten in the same request (or removed,
 * when a column of its template becomes NULL, which takes the item out of that index), so that no
 * derived attribute goes stale, and a hierarchy's parent may only be set to its path's parent.
 */
final class RowChanges {
  private final EntityTable table;
  private final ImmutableList<Compiled> assignments;
  private final ImmutableSet<String> assignedColumns;
  /** Key attributes of indexes whose templates read an assigned column, with their templates. */
  private final ImmutableMap<String, KeyTemplate> derived;
  private final Optional<HierarchyParent> parent;
  private final ItemCodec codec;
  private final boolean computableWithoutRead;
  private final boolean createsItems;

  private record Compiled(Assignment assignment, Column column, Scalar value) {}

  /**
   * A column that holds the whole item (a raw table's {@code document}) names no attribute an
   * UpdateItem could set: setting it means replacing every attribute but the key, which a PutItem
   * does.
   */
  private static KeycondException wholeItemChange(EntityTable table, Column column) {
    List<String> key = table.columns().stream().map(Column::name).filter(table::isKeyColumn).toList();
    return new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "An UPDATE or MERGE cannot set column '"
        + column.name() + "' of table '" + table.name() + "': it holds the whole item, and an UpdateItem sets "
        + "attributes one by one. Replace the item with UPSERT INTO " + table.name() + " ("
        + String.join(", ", key) + ", " + column.name() + ") VALUES (...), or set its attributes as columns of a "
        + "mapping");
  }

  /** A value (or an amount added) written into the column: see {@link ScalarCompiler#compileAssigned}. */
  private static Scalar assigned(RexNode value, RexBuilder rexBuilder, Column column) {
    return ScalarCompiler.compileAssigned(value, rexBuilder, column.type().isExactInteger(), column.name());
  }

  /**
   * @param createsItems whether the change may create the item (a MERGE's UpdateItem without
   *     condition), which then needs what an INSERT writes besides the columns: the table's
   *     constants and the stored copies of its key columns
   */
  RowChanges(EntityTable table, List<Assignment> assignments, RexBuilder rexBuilder, boolean createsItems) {
    this.table = table;
    this.createsItems = createsItems;
    ImmutableList.Builder<Compiled> compiled = ImmutableList.builder();
    Set<String> assigned = new LinkedHashSet<>();
    Set<String> known = new LinkedHashSet<>();
    table.columns().stream().filter(c -> table.isKeyColumn(c.name())).forEach(c -> known.add(c.name()));
    boolean computed = false;
    for (Assignment assignment : assignments) {
      Column column = table.column(assignment.column());
      if (column.isWholeItem()) {
        throw wholeItemChange(table, column);
      }
      assigned.add(column.name());
      if (assignment instanceof Assignment.SetValue set) {
        compiled.add(new Compiled(assignment, column, assigned(set.value(), rexBuilder, column)));
        known.add(column.name());
      } else if (assignment instanceof Assignment.Increment increment) {
        compiled.add(new Compiled(assignment, column, assigned(increment.amount(), rexBuilder, column)));
        // DynamoDB adds only to an attribute that holds the number: one kept in a key template is computed.
        computed |= table.storedAttribute(column).isEmpty();
      } else {
        compiled.add(new Compiled(assignment, column,
            assigned(((Assignment.Computed) assignment).expression(), rexBuilder, column)));
        computed = true;
      }
    }
    this.assignments = compiled.build();
    this.assignedColumns = ImmutableSet.copyOf(assigned);
    // Which index keys an assigned column feeds, and whether their templates read only values known without a read.
    boolean derivedKnown = true;
    Map<String, KeyTemplate> derived = new LinkedHashMap<>();
    for (SourceIndex index : table.source().indexes()) {
      List<KeyTemplate> templates = index.keys().attributes().stream().map(a -> table.mapping().keyTemplate(a))
          .flatMap(Optional::stream).toList();
      if (templates.size() == index.keys().attributes().size()
          && templates.stream().anyMatch(t -> t.columns().stream().anyMatch(assigned::contains))) {
        index.keys().attributes().stream().filter(a -> !isOwnOrStored(a))
            .forEach(a -> derived.put(a, table.template(a)));
        derivedKnown &= templates.stream().allMatch(t -> known.containsAll(t.columns()));
      }
    }
    this.derived = ImmutableMap.copyOf(derived);
    this.codec = ItemCodec.of(table);
    this.parent = HierarchyParent.of(table).filter(p -> assigned.contains(table.column(p.column()).name()));
    this.computableWithoutRead = !computed && derivedKnown;
  }

  /** An own key attribute, or an attribute a column is stored in as it is: the row writes those itself. */
  private boolean isOwnOrStored(String attribute) {
    KeyTemplate template = table.template(attribute);
    return table.ownKeyAttributes().contains(attribute) || template.isIdentity()
        && table.storedAttribute(table.column(table.columnIndex(template.columns().get(0))))
            .filter(attribute::equals).isPresent();
  }

  /**
   * Whether the change is known without reading the item: every value is known when the statement
   * runs, or adds to the item's own value, and every rewritten index key reads only the key and
   * values known so.
   */
  boolean computableWithoutRead() {
    return computableWithoutRead;
  }

  /**
   * The change, and what DynamoDB must check for it, for an item not read: its key columns are all
   * that is known of it.
   *
   * @param keyRow a row of the table's full width holding the key columns
   * @param condition the statement's predicates that DynamoDB checks
   */
  NativeChange withoutRead(Object[] keyRow, ServerCondition condition, ExecutionContext context) {
    Object[] row = keyRow.clone();
    Map<String, RequestValue> sets = new LinkedHashMap<>();
    Map<String, RequestValue> increments = new LinkedHashMap<>();
    Set<String> removes = new LinkedHashSet<>();
    List<ServerCondition> checks = new ArrayList<>(List.of(condition));
    for (Compiled a : assignments) {
      Object value = a.value().evaluate(row, context);
      String attribute = a.column().attribute();
      if (a.assignment() instanceof Assignment.Increment increment) {
        if (value == null) {
          // NULL added to anything is NULL.
          removes.add(attribute);
          continue;
        }
        BigDecimal amount = (BigDecimal) SqlValues.coerce(value, org.apache.calcite.sql.type.SqlTypeName.DECIMAL);
        amount = increment.subtract() ? amount.negate() : amount;
        increments.put(attribute, bound(codec.encode(a.column(), amount)));
        // DynamoDB cannot add to a missing attribute (whose SQL sum is NULL), nor does it know the
        // column's range; such rows fail this check and are read, and computed in the driver.
        checks.add(new ServerCondition.IsNull(a.column(), true));
        integerRange(a.column(), amount).ifPresent(checks::add);
        continue;
      }
      row[a.assignment().column()] = value(a.column(), value);
      set(sets, removes, a.column(), row[a.assignment().column()]);
    }
    derive(row, sets, removes);
    return new NativeChange(change(row, sets, increments, removes), ServerCondition.And.of(checks));
  }

  /** A change DynamoDB applies without the item being read, and the condition that makes it exact. */
  record NativeChange(ItemChange change, ServerCondition condition) {}

  /**
   * The change as EXPLAIN shows it before the row (or the parameters) are known: literal values as
   * they are sent, everything else described.
   */
  ItemChange described(ExpressionFormatter formatter) {
    Map<String, RequestValue> sets = new LinkedHashMap<>();
    Map<String, RequestValue> increments = new LinkedHashMap<>();
    Set<String> removes = new LinkedHashSet<>();
    for (Compiled a : assignments) {
      Optional<String> stored = table.storedAttribute(a.column());
      if (stored.isEmpty()) {
        // A column kept only in key templates changes with them, described below.
        continue;
      }
      String attribute = stored.get();
      RexNode value = a.assignment() instanceof Assignment.SetValue set ? set.value()
          : a.assignment() instanceof Assignment.Increment increment ? increment.amount()
          : ((Assignment.Computed) a.assignment()).expression();
      if (value instanceof RexLiteral literal && literal.isNull()) {
        removes.add(attribute);
        continue;
      }
      RequestValue described = value instanceof RexLiteral literal
          ? bound(codec.encode(a.column(), value(a.column(), SqlValues.fromLiteral(literal))))
          : new RequestValue.Unbound(formatter.format(value));
      if (a.assignment() instanceof Assignment.Increment increment) {
        increments.put(attribute, increment.subtract() ? new RequestValue.Unbound("-(" + formatter.format(value) + ")")
            : described);
      } else {
        sets.put(attribute, described);
      }
    }
    derived.forEach((attribute, template) -> sets.put(attribute, new RequestValue.Unbound("'" + template
        + "' of the new values (REMOVE when one of them is NULL)")));
    return change(sets, increments, removes);
  }

  /** The change for a row the driver read, every new value computed from it. */
  ItemChange fromRow(Object[] read, ExecutionContext context) {
    Object[] row = read.clone();
    Map<String, RequestValue> sets = new LinkedHashMap<>();
    Set<String> removes = new LinkedHashSet<>();
    List<Object> values = new ArrayList<>();
    // Every assignment sees the row as it was read, as SQL's SET does.
    for (Compiled a : assignments) {
      Object value = a.value().evaluate(read, context);
      if (a.assignment() instanceof Assignment.Increment increment) {
        Object current = read[a.assignment().column()];
        value = value == null || current == null ? null : add(current, value, increment.subtract());
      }
      values.add(value);
    }
    for (int i = 0; i < assignments.size(); i++) {
      Compiled a = assignments.get(i);
      row[a.assignment().column()] = value(a.column(), values.get(i));
      set(sets, removes, a.column(), row[a.assignment().column()]);
    }
    derive(row, sets, removes);
    return change(row, sets, Map.of(), removes);
  }

  private static Object add(Object current, Object amount, boolean subtract) {
    BigDecimal a = (BigDecimal) SqlValues.coerce(current, org.apache.calcite.sql.type.SqlTypeName.DECIMAL);
    BigDecimal b = (BigDecimal) SqlValues.coerce(amount, org.apache.calcite.sql.type.SqlTypeName.DECIMAL);
    return subtract ? a.subtract(b) : a.add(b);
  }

  /** The value as the column holds it; a value out of the column's range is an error, as in SQL. */
  private Object value(Column column, Object value) {
    try {
      return SqlValues.toColumnValue(value, column.type());
    } catch (KeycondException e) {
      throw codec.ofColumn(column, e);
    }
  }

  /** A column's new value in the attribute it is kept in; one kept only in key templates changes with them. */
  private void set(Map<String, RequestValue> sets, Set<String> removes, Column column, Object value) {
    table.storedAttribute(column).ifPresent(attribute -> {
      if (value == null) {
        removes.add(attribute);
      } else {
        sets.put(attribute, bound(codec.encode(column, value)));
      }
    });
  }

  /**
   * The rewritten index keys and the parent, from the row with its new values: a parent set to
   * NULL is computed from the path, as an INSERT computes one not given.
   */
  private void derive(Object[] row, Map<String, RequestValue> sets, Set<String> removes) {
    parent.ifPresent(p -> {
      p.complete(row);
      Column column = table.column(p.column());
      set(sets, removes, column, row[p.column()]);
    });
    if (createsItems) {
      table.columns().stream().filter(c -> table.isKeyColumn(c.name()))
          .forEach(c -> set(sets, removes, c, row[table.columnIndex(c.name())]));
      table.mapping().constants().values()
          .forEach(c -> sets.put(c.attribute(), bound(ConstantValues.value(c))));
    }
    ItemCodec.IndexKeys keys = codec.indexKeys(row, assignedColumns::contains);
    keys.values().forEach((attribute, value) -> sets.put(attribute, bound(value)));
    removes.addAll(keys.removed());
  }

  /**
   * For an INTEGER or BIGINT column, the condition that adding keeps the value in the column's
   * range; SQL fails such an overflow, so a row that would overflow is read and fails in the driver.
   */
  private static Optional<ServerCondition> integerRange(Column column, BigDecimal amount) {
    if (!column.type().isExactInteger() || amount.signum() == 0) {
      return Optional.empty();
    }
    BigDecimal max = BigDecimal.valueOf(column.type() == ColumnType.INTEGER ? Integer.MAX_VALUE : Long.MAX_VALUE);
    BigDecimal min = BigDecimal.valueOf(column.type() == ColumnType.INTEGER ? Integer.MIN_VALUE : Long.MIN_VALUE);
    return Optional.of(amount.signum() > 0
        ? new ServerCondition.Compare(column, ServerCondition.Op.LE, new Operand.Literal(max.subtract(amount)))
        : new ServerCondition.Compare(column, ServerCondition.Op.GE, new Operand.Literal(min.subtract(amount))));
  }

  /**
   * The change to send for {@code row}, its new values checked as a whole item is checked before
   * it is written: DynamoDB refuses an empty or over-long value in a key attribute of the table or
   * of an index, and dynalite, which stores them, would not tell.
   */
  private ItemChange change(Object[] row, Map<String, RequestValue> sets, Map<String, RequestValue> increments,
      Set<String> removes) {
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    sets.forEach((attribute, value) -> values.put(attribute, ((RequestValue.Bound) value).value()));
    ItemLimits.checkChanged(table.source(), values, () -> codec.describeKey(row));
    return change(sets, increments, removes);
  }

  private static ItemChange change(Map<String, RequestValue> sets, Map<String, RequestValue> increments,
      Set<String> removes) {
    removes.removeAll(sets.keySet());
    return new ItemChange(ImmutableMap.copyOf(sets), ImmutableMap.copyOf(increments), ImmutableSet.copyOf(removes));
  }

  private static RequestValue bound(AttributeValue value) {
    return new RequestValue.Bound(value);
  }
}
