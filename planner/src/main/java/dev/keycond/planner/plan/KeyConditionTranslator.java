package dev.keycond.planner.plan;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TemplateSegment;
import dev.keycond.planner.mapping.TemplateSegment.Literal;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import dev.keycond.planner.plan.KeyPredicate.Kind;
import dev.keycond.planner.plan.SortCondition.Op;
import dev.keycond.planner.schema.EntityTable;
import dev.keycond.planner.schema.KeyTarget;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Translates column predicates into a key condition on one key target (the table or an index),
 * through the key templates: a predicate on a column becomes a condition on the attribute its
 * template encodes it into.
 *
 * <p>The partition key needs every column of its template bound by equality. The sort key takes
 * equalities on its leading columns, then the strongest condition on the first column left
 * unbound: a prefix ({@code begins_with}) or a range. A key condition may read a little more than
 * the predicates ask for (range ends, items of other entities); the predicates it does not express
 * exactly stay for the driver to check, so the answer is always exact.
 */
public final class KeyConditionTranslator {
  private final EntityTable table;
  private final List<KeyPredicate> predicates;

  public KeyConditionTranslator(EntityTable table, List<KeyPredicate> predicates) {
    this.table = table;
    this.predicates = predicates;
  }

  /** The key read of {@code target} the predicates allow; empty when they do not bind its partition key. */
  public Optional<AccessPath> translate(KeyTarget target) {
    Set<Integer> consumed = new HashSet<>();
    String hashAttribute = target.keys().hashAttribute();
    KeyTemplate hashTemplate = table.template(hashAttribute);
    List<KeyPart> hashParts = new ArrayList<>();
    for (TemplateSegment segment : hashTemplate.segments()) {
      if (segment instanceof Literal lit) {
        hashParts.add(new KeyPart.Text(lit.text()));
        continue;
      }
      Slot slot = (Slot) segment;
      Optional<KeyPredicate> eq = find(slot.column(), Kind.EQ);
      if (eq.isEmpty()) {
        return Optional.empty();
      }
      hashParts.add(value(hashTemplate, slot, eq.get().operand(), false));
      consumed.add(eq.get().conjunct());
    }
    KeyValue partition = new KeyValue(attributeType(hashAttribute), ImmutableList.copyOf(hashParts), false);

    SortSide sort = target.keys().rangeAttribute()
        .map(attribute -> sortSide(attribute, consumed))
        .orElse(SortSide.NONE);
    boolean getItem = target.index().isEmpty()
        && (target.keys().rangeAttribute().isEmpty()
            || sort.condition.map(c -> c.op() == Op.EQ).orElse(false));
    boolean membershipExact = target.index().isEmpty() && sort.membershipExact;
    KeyCondition condition = new KeyCondition(hashAttribute, partition, sort.condition);
    return Optional.of(new AccessPath(
        getItem ? AccessPath.Kind.GET_ITEM : AccessPath.Kind.QUERY,
        target.index(),
        ImmutableList.of(condition),
        ImmutableSet.copyOf(consumed),
        membershipExact,
        sort.orderColumn));
  }

  /** What the predicates make of the sort key. */
  private record SortSide(Optional<SortCondition> condition, boolean membershipExact, Optional<Integer> orderColumn) {
    static final SortSide NONE = new SortSide(Optional.empty(), true, Optional.empty());
  }

  private SortSide sortSide(String attribute, Set<Integer> consumed) {
    KeyTemplate template = table.template(attribute);
    AttributeType type = attributeType(attribute);
    List<TemplateSegment> segments = template.segments();
    List<KeyPart> prefix = new ArrayList<>();
    List<Integer> prefixConsumed = new ArrayList<>();
    for (int i = 0; i < segments.size(); i++) {
      TemplateSegment segment = segments.get(i);
      if (segment instanceof Literal lit) {
        prefix.add(new KeyPart.Text(lit.text()));
        continue;
      }
      Slot slot = (Slot) segment;
      Optional<KeyPredicate> eq = find(slot.column(), Kind.EQ);
      if (eq.isPresent()) {
        prefix.add(value(template, slot, eq.get().operand(), false));
        prefixConsumed.add(eq.get().conjunct());
        continue;
      }
      boolean last = i == segments.size() - 1;
      consumed.addAll(prefixConsumed);
      return openSlot(attribute, type, template, slot, prefix, last, consumed);
    }
    consumed.addAll(prefixConsumed);
    return new SortSide(Optional.of(SortCondition.of(attribute, Op.EQ, keyValue(type, prefix))), true,
        Optional.empty());
  }

  /** The sort condition when {@code slot} is the first column of the template without an equality. */
  private SortSide openSlot(String attribute, AttributeType type, KeyTemplate template, Slot slot,
      List<KeyPart> prefix, boolean last, Set<Integer> consumed) {
    Column column = column(slot.column());
    int columnIndex = table.columnIndex(slot.column());
    boolean ordered = last && isRangeSafe(type, template, column, slot);
    Optional<Integer> orderColumn = ordered ? Optional.of(columnIndex) : Optional.empty();
    boolean textPrefix = !prefix.isEmpty();

    Optional<KeyPredicate> like = find(slot.column(), Kind.PREFIX);
    if (like.isPresent() && column.type() == ColumnType.VARCHAR && type == AttributeType.S) {
      List<KeyPart> parts = new ArrayList<>(prefix);
      parts.add(value(template, slot, like.get().operand(), true));
      if (like.get().exact() && last) {
        consumed.add(like.get().conjunct());
      }
      return new SortSide(Optional.of(SortCondition.of(attribute, Op.BEGINS_WITH, keyValue(type, parts))), last,
          orderColumn);
    }

    Optional<KeyPredicate> lower = ordered ? findLower(slot.column()) : Optional.empty();
    Optional<KeyPredicate> upper = ordered ? findUpper(slot.column()) : Optional.empty();
    if (lower.isPresent() || upper.isPresent()) {
      KeyValue low = lower.map(p -> keyValue(type, append(prefix, value(template, slot, p.operand(), false))))
          .orElse(null);
      KeyValue high = upper.map(p -> keyValue(type, append(prefix, value(template, slot, p.operand(), false))))
          .orElse(null);
      if (!textPrefix && (lower.isEmpty() || upper.isEmpty())) {
        // The attribute is the column itself: one comparison says it all.
        KeyPredicate p = lower.orElseGet(upper::get);
        consumed.add(p.conjunct());
        return new SortSide(Optional.of(SortCondition.of(attribute, op(p.kind()), low != null ? low : high)), true,
            orderColumn);
      }
      // BETWEEN is inclusive: strict bounds are read inclusively and checked again in the driver.
      lower.filter(p -> p.kind() == Kind.GE).ifPresent(p -> consumed.add(p.conjunct()));
      upper.filter(p -> p.kind() == Kind.LE).ifPresent(p -> consumed.add(p.conjunct()));
      if (low == null) {
        low = keyValue(type, prefix);
      }
      boolean exactEnd = high != null;
      if (high == null) {
        high = new KeyValue(type, ImmutableList.copyOf(prefix), true);
      }
      return new SortSide(Optional.of(SortCondition.between(attribute, low, high)), exactEnd, orderColumn);
    }

    if (textPrefix) {
      return new SortSide(Optional.of(SortCondition.of(attribute, Op.BEGINS_WITH, keyValue(type, prefix))), last,
          orderColumn);
    }
    return new SortSide(Optional.empty(), true, orderColumn);
  }

  /**
   * Whether the attribute's order equals the column's order once the slots before it are fixed:
   * true for text, dates and zero-padded integers, and for a column that is the whole attribute.
   */
  private static boolean isRangeSafe(AttributeType type, KeyTemplate template, Column column, Slot slot) {
    ColumnType columnType = column.type();
    if (template.isIdentity() && (columnType == ColumnType.VARBINARY || columnType.isNumeric())) {
      return type != AttributeType.S;
    }
    return columnType == ColumnType.VARCHAR || columnType == ColumnType.DATE
        || columnType.isExactInteger() && slot.fixedWidth();
  }

  private static Op op(Kind kind) {
    switch (kind) {
      case LT:
        return Op.LT;
      case LE:
        return Op.LE;
      case GT:
        return Op.GT;
      case GE:
        return Op.GE;
      default:
        throw new IllegalArgumentException(kind.toString());
    }
  }

  private static List<KeyPart> append(List<KeyPart> prefix, KeyPart part) {
    List<KeyPart> parts = new ArrayList<>(prefix);
    parts.add(part);
    return parts;
  }

  private static KeyValue keyValue(AttributeType type, List<KeyPart> parts) {
    return new KeyValue(type, ImmutableList.copyOf(parts), false);
  }

  private KeyPart value(KeyTemplate template, Slot slot, Operand operand, boolean raw) {
    return new KeyPart.Value(column(slot.column()), slot, operand, template.text(), raw);
  }

  private Column column(String name) {
    return table.mapping().column(name).orElseThrow();
  }

  private AttributeType attributeType(String attribute) {
    return table.source().keyAttributeType(attribute);
  }

  private Optional<KeyPredicate> find(String column, Kind kind) {
    int index = table.columnIndex(column);
    return predicates.stream().filter(p -> p.column() == index && p.kind() == kind).findFirst();
  }

  private Optional<KeyPredicate> findLower(String column) {
    int index = table.columnIndex(column);
    return predicates.stream().filter(p -> p.column() == index && p.kind().isLowerBound()).findFirst();
  }

  private Optional<KeyPredicate> findUpper(String column) {
    int index = table.columnIndex(column);
    return predicates.stream().filter(p -> p.column() == index && p.kind().isUpperBound()).findFirst();
  }
}
