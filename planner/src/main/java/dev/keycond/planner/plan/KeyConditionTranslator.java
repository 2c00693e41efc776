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
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.KeyTarget;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Translates column predicates into key conditions on one key target (the table or an index),
 * through the key templates: a predicate on a column becomes a condition on the attribute its
 * template encodes it into.
 *
 * <p>The partition key needs every column of its template bound by equality or an IN list. The sort
 * key takes equalities on its leading columns, then the strongest condition on the first column
 * left unbound: a prefix ({@code begins_with}) or a range. IN lists multiply the key conditions,
 * one read each. A key condition may read a little more than the predicates ask for (range ends,
 * items of other entities); the predicates it does not express exactly stay for the driver to
 * check, so the answer is always exact.
 */
public final class KeyConditionTranslator {
  private final EntityTable table;
  private final List<KeyPredicate> predicates;

  public KeyConditionTranslator(EntityTable table, List<KeyPredicate> predicates) {
    this.table = table;
    this.predicates = predicates;
  }

  /**
   * The key reads of {@code target} the predicates allow; empty when they do not bind its partition
   * key. A multi-attribute key needs every partition attribute bound, and binds its sort attributes
   * left to right: equalities, then one condition on the first attribute without one; the others
   * stay for the driver.
   */
  public Optional<AccessPath> translate(KeyTarget target) {
    Set<Integer> consumed = new HashSet<>();
    List<ImmutableList<KeyEquality>> partitions = List.of(ImmutableList.of());
    for (String attribute : target.keys().partitionAttributes()) {
      Optional<List<KeyValue>> values = equalities(attribute, consumed);
      if (values.isEmpty()) {
        return Optional.empty();
      }
      partitions = combine(partitions, attribute, values.get());
    }

    SortSide sort = sortSide(target.keys().sortAttributes(), consumed);
    boolean wholeKey = sort.everyAttributeEqual;
    ImmutableList.Builder<KeyCondition> keys = ImmutableList.builder();
    for (ImmutableList<KeyEquality> partition : partitions) {
      for (SortChain chain : sort.chains) {
        KeyCondition key = new KeyCondition(partition, chain.equalities(), chain.sort());
        if (shardMatchesItsSource(key)) {
          keys.add(key);
        }
      }
    }
    return Optional.of(new AccessPath(
        wholeKey && target.index().isEmpty() ? AccessPath.Kind.GET_ITEM : AccessPath.Kind.QUERY,
        target.index(),
        keys.build(),
        consumed.stream().filter(c -> c != KeyPredicate.IMPLIED).collect(ImmutableSet.toImmutableSet()),
        target.index().isEmpty() && sort.membershipExact && !table.hasConstants(),
        sort.orderColumns,
        AccessPath.TableFetch.NONE,
        false));
  }

  /**
   * The values an attribute takes when equalities (or IN lists) bind every slot of its template,
   * one per combination; empty when a slot has neither.
   */
  private Optional<List<KeyValue>> equalities(String attribute, Set<Integer> consumed) {
    KeyTemplate template = table.template(attribute);
    List<List<KeyPart>> alternatives = List.of(List.of());
    Set<Integer> bound = new HashSet<>();
    for (TemplateSegment segment : template.segments()) {
      Optional<List<List<KeyPart>>> extended = extend(alternatives, template, segment, bound);
      if (extended.isEmpty()) {
        return Optional.empty();
      }
      alternatives = extended.get();
    }
    consumed.addAll(bound);
    AttributeType type = attributeType(attribute);
    return Optional.of(map(alternatives, parts -> keyValue(type, parts)));
  }

  /** Every combination of the equalities so far with each value of the next attribute. */
  private static List<ImmutableList<KeyEquality>> combine(List<ImmutableList<KeyEquality>> combinations,
      String attribute, List<KeyValue> values) {
    List<ImmutableList<KeyEquality>> combined = new ArrayList<>();
    for (ImmutableList<KeyEquality> equalities : combinations) {
      for (KeyValue value : values) {
        combined.add(ImmutableList.<KeyEquality>builder().addAll(equalities)
            .add(new KeyEquality(attribute, value)).build());
      }
    }
    return combined;
  }

  /**
   * Whether the key's shard is the shard of the key's own shard-source value. IN lists multiply
   * into every combination of their values, and a sharded key of {@code id IN ('a', 'b')} needs
   * only a's shard with a and b's with b, not the other two.
   */
  private boolean shardMatchesItsSource(KeyCondition key) {
    if (table.mapping().sharding().isEmpty()) {
      return true;
    }
    String of = table.mapping().sharding().get().of();
    Set<Operand> shardSources = new HashSet<>();
    Set<Operand> sources = new HashSet<>();
    List<KeyPart> parts = new ArrayList<>();
    key.values().forEach(value -> parts.addAll(value.parts()));
    for (KeyPart part : parts) {
      if (part instanceof KeyPart.Value v && v.operand() instanceof Operand.ShardOf shard) {
        shardSources.add(shard.of());
      } else if (part instanceof KeyPart.Value v && v.role() == KeyPart.Role.VALUE && v.column().name().equals(of)) {
        sources.add(v.operand());
      }
    }
    return shardSources.isEmpty() || sources.isEmpty() || shardSources.equals(sources);
  }

  /**
   * Appends one template segment to every alternative: a literal as it is, a slot by its equality
   * or, for an IN list, once per value. Empty when the slot has neither.
   */
  private Optional<List<List<KeyPart>>> extend(List<List<KeyPart>> alternatives, KeyTemplate template,
      TemplateSegment segment, Set<Integer> consumed) {
    if (segment instanceof Literal lit) {
      return Optional.of(map(alternatives, parts -> append(parts, new KeyPart.Text(lit.text()))));
    }
    Slot slot = (Slot) segment;
    Optional<KeyPredicate> equality = find(slot.column(), Kind.EQ).or(() -> find(slot.column(), Kind.IN));
    if (equality.isEmpty()) {
      return Optional.empty();
    }
    consumed.add(equality.get().conjunct());
    List<List<KeyPart>> extended = new ArrayList<>();
    for (List<KeyPart> parts : alternatives) {
      for (Operand value : equality.get().operands()) {
        extended.add(append(parts, value(template, slot, value, KeyPart.Role.VALUE)));
      }
    }
    return Optional.of(extended);
  }

  /**
   * What the predicates make of the sort key: the conditions of each key read, one chain per
   * combination of IN-list values, whether they bind every sort attribute (if any) by equality, and
   * the columns whose order is the key's order within each read.
   */
  private record SortSide(List<SortChain> chains, boolean everyAttributeEqual, boolean membershipExact,
      ImmutableList<Integer> orderColumns) {}

  /** The sort key part of one key condition: equalities on leading attributes, then the last one's condition. */
  private record SortChain(ImmutableList<KeyEquality> equalities, Optional<SortCondition> sort) {
    static final SortChain NONE = new SortChain(ImmutableList.of(), Optional.empty());

    /** This chain followed by {@code next}, the condition on the next sort attribute. */
    SortChain then(SortCondition next) {
      ImmutableList.Builder<KeyEquality> leading = ImmutableList.<KeyEquality>builder().addAll(equalities);
      sort.ifPresent(s -> leading.add(new KeyEquality(s.attribute(), s.low())));
      return new SortChain(leading.build(), Optional.of(next));
    }
  }

  /**
   * The sort attributes' conditions, left to right: while an attribute is bound by equalities the
   * next one may be conditioned too; the first that is not takes a range or prefix if it can, and
   * ends the key condition.
   */
  private SortSide sortSide(List<String> attributes, Set<Integer> consumed) {
    List<SortChain> chains = List.of(SortChain.NONE);
    for (int i = 0; i < attributes.size(); i++) {
      AttributeSide side = attributeSide(attributes.get(i), consumed);
      if (!side.conditions.isEmpty()) {
        List<SortChain> extended = new ArrayList<>();
        for (SortChain chain : chains) {
          side.conditions.forEach(condition -> extended.add(chain.then(condition)));
        }
        chains = extended;
      }
      boolean allEqual = !side.conditions.isEmpty() && side.conditions.stream().allMatch(c -> c.op() == Op.EQ);
      if (!allEqual) {
        ImmutableList<Integer> order = side.orderColumns.size() == table.template(attributes.get(i)).columns().size()
            ? followingOrder(side.orderColumns, attributes.subList(i + 1, attributes.size())) : side.orderColumns;
        return new SortSide(chains, false, side.membershipExact, order);
      }
    }
    return new SortSide(chains, true, true, ImmutableList.of());
  }

  /**
   * The order columns of an open sort attribute that orders by its whole template, followed by those
   * of the sort attributes after it: a multi-attribute sort key orders by its attributes one after
   * another, each by its own value.
   */
  private ImmutableList<Integer> followingOrder(ImmutableList<Integer> open, List<String> following) {
    ImmutableList.Builder<Integer> columns = ImmutableList.<Integer>builder().addAll(open);
    for (String attribute : following) {
      KeyTemplate template = table.template(attribute);
      ImmutableList<Integer> own = orderColumns(attributeType(attribute), template, 0);
      columns.addAll(own);
      if (own.size() != template.columns().size()) {
        break;
      }
    }
    return columns.build();
  }

  /** What the predicates make of one sort key attribute. */
  private record AttributeSide(List<SortCondition> conditions, boolean membershipExact,
      ImmutableList<Integer> orderColumns) {}

  private AttributeSide attributeSide(String attribute, Set<Integer> consumed) {
    KeyTemplate template = table.template(attribute);
    AttributeType type = attributeType(attribute);
    List<TemplateSegment> segments = template.segments();
    List<List<KeyPart>> prefixes = List.of(List.of());
    Set<Integer> prefixConsumed = new HashSet<>();
    for (int i = 0; i < segments.size(); i++) {
      Optional<List<List<KeyPart>>> extended = extend(prefixes, template, segments.get(i), prefixConsumed);
      if (extended.isPresent()) {
        prefixes = extended.get();
        continue;
      }
      consumed.addAll(prefixConsumed);
      Slot slot = (Slot) segments.get(i);
      Optional<String> separator = i + 1 < segments.size()
          ? Optional.of(firstCharacter(((Literal) segments.get(i + 1)).text()))
          : Optional.empty();
      return openSlot(attribute, type, template, slot, prefixes, separator, orderColumns(type, template, i),
          consumed);
    }
    consumed.addAll(prefixConsumed);
    List<SortCondition> conditions = map(prefixes, p -> SortCondition.of(attribute, Op.EQ, keyValue(type, p)));
    return new AttributeSide(conditions, true, ImmutableList.of());
  }

  /**
   * The columns whose order, compared one after another, is the attribute's order once the slots
   * before {@code open} are fixed: the open slot and the slots after it. A slot the template ends
   * with compares as its column does when it is range-safe; a slot followed by more template only
   * when its text has a fixed width, for a shorter value would compare its separator against the
   * next character of a longer one. Ties of the first columns are ordered by the next, which SQL
   * allows whatever it asked for.
   */
  private ImmutableList<Integer> orderColumns(AttributeType type, KeyTemplate template, int open) {
    ImmutableList.Builder<Integer> columns = ImmutableList.builder();
    List<TemplateSegment> segments = template.segments();
    for (int i = open; i < segments.size(); i++) {
      if (!(segments.get(i) instanceof Slot slot)) {
        continue;
      }
      Column column = column(slot.column());
      boolean ordered = i == segments.size() - 1 ? isRangeSafe(type, template, column, slot)
          : hasFixedWidth(column, slot);
      if (!ordered) {
        break;
      }
      columns.add(table.columnIndex(slot.column()));
    }
    return columns.build();
  }

  /**
   * The sort conditions when {@code slot} is the first column of the template without an equality.
   *
   * @param separator the first character of the literal after the slot; empty when the slot ends the template
   * @param orderColumns the columns whose order is the attribute's order from the slot on
   */
  private AttributeSide openSlot(String attribute, AttributeType type, KeyTemplate template, Slot slot,
      List<List<KeyPart>> prefixes, Optional<String> separator, ImmutableList<Integer> orderColumns,
      Set<Integer> consumed) {
    Column column = column(slot.column());
    boolean last = separator.isEmpty();
    // Items whose text in the open slot holds a character the slot forbids, or is no value of its
    // column, belong to another entity; only a bare column that takes every key leaves none out.
    boolean openSlotExact = table.acceptsEveryKey(attribute);
    boolean rangeSafe = isRangeSafe(type, template, column, slot);
    boolean textPrefix = !prefixes.get(0).isEmpty();

    Optional<KeyPredicate> like = longestPrefix(slot.column());
    if (like.isPresent() && column.type() == ColumnType.VARCHAR && type == AttributeType.S) {
      if (last) {
        consumeImpliedPrefixes(slot.column(), like.get(), consumed);
      }
      KeyPart prefix = value(template, slot, like.get().operand(), KeyPart.Role.PREFIX);
      return new AttributeSide(map(prefixes, p -> SortCondition.of(attribute, Op.BEGINS_WITH,
          keyValue(type, append(p, prefix)))), openSlotExact, orderColumns);
    }

    Optional<KeyPredicate> lower = rangeSafe ? findBound(slot.column(), true) : Optional.empty();
    Optional<KeyPredicate> upper = rangeSafe ? findBound(slot.column(), false) : Optional.empty();
    if (lower.isPresent() || upper.isPresent()) {
      if (last && !textPrefix && (lower.isEmpty() || upper.isEmpty())) {
        // The attribute is the column itself: one comparison says it all.
        KeyPredicate bound = lower.orElseGet(upper::get);
        consumed.add(bound.conjunct());
        KeyValue value = keyValue(type, List.of(value(template, slot, bound.operand(), role(bound.kind()))));
        return new AttributeSide(List.of(SortCondition.of(attribute, op(bound.kind()), value)), true, orderColumns);
      }
      if (last || hasFixedWidth(column, slot)) {
        // The range is exact when the slot ends the template, or when its text has a fixed width, so
        // that the separator after it is only ever compared with the separator of the bound.
        // BETWEEN is inclusive: strict bounds are read inclusively and checked again in the driver.
        lower.filter(p -> p.kind() == Kind.GE).ifPresent(p -> consumed.add(p.conjunct()));
        upper.filter(p -> p.kind() == Kind.LE).ifPresent(p -> consumed.add(p.conjunct()));
      }
      List<SortCondition> conditions = new ArrayList<>();
      for (List<KeyPart> prefix : prefixes) {
        conditions.add(range(attribute, type, template, slot, prefix, separator, lower, upper));
      }
      boolean exactEnds = openSlotExact && upper.isPresent() && (lower.isPresent() || textPrefix);
      return new AttributeSide(conditions, exactEnds, orderColumns);
    }

    if (textPrefix) {
      return new AttributeSide(map(prefixes, p -> SortCondition.of(attribute, Op.BEGINS_WITH, keyValue(type, p))),
          openSlotExact, orderColumns);
    }
    return new AttributeSide(List.of(), openSlotExact, orderColumns);
  }

  /**
   * A range on the slot as a condition on the whole attribute. When more template follows the slot,
   * a value equal to the upper bound continues with the separator and more text, so the range ends
   * just past "bound + separator"; the driver checks the column itself.
   */
  private SortCondition range(String attribute, AttributeType type, KeyTemplate template, Slot slot,
      List<KeyPart> prefix, Optional<String> separator, Optional<KeyPredicate> lower,
      Optional<KeyPredicate> upper) {
    Optional<KeyValue> low = lower.map(p -> keyValue(type, append(prefix,
        value(template, slot, p.operand(), role(p.kind())))));
    Optional<KeyValue> high = upper.map(p -> separator
        .map(s -> new KeyValue(type, ImmutableList.copyOf(append(append(prefix,
            value(template, slot, p.operand(), role(p.kind()))), new KeyPart.Text(s))), true))
        .orElseGet(() -> keyValue(type, append(prefix, value(template, slot, p.operand(), role(p.kind()))))));
    if (prefix.isEmpty()) {
      if (high.isEmpty()) {
        return SortCondition.of(attribute, Op.GE, low.get());
      }
      if (low.isEmpty()) {
        return SortCondition.of(attribute, high.get().successor() ? Op.LT : Op.LE, high.get());
      }
      return SortCondition.between(attribute, low.get(), high.get());
    }
    return SortCondition.between(attribute, low.orElseGet(() -> keyValue(type, prefix)),
        high.orElseGet(() -> new KeyValue(type, ImmutableList.copyOf(prefix), true)));
  }

  /**
   * Whether the attribute's order equals the column's order once the slots before it are fixed:
   * true for text, dates and zero-padded integers, and for a number or binary column that is the
   * whole (N or B) attribute.
   */
  private static boolean isRangeSafe(AttributeType type, KeyTemplate template, Column column, Slot slot) {
    ColumnType columnType = column.type();
    if (template.isIdentity() && (columnType == ColumnType.VARBINARY || columnType.isNumeric())) {
      return type != AttributeType.S;
    }
    return columnType == ColumnType.VARCHAR || hasFixedWidth(column, slot);
  }

  /**
   * Whether every value of the slot is encoded into text of one length, in the column's order:
   * ISO dates and zero-padded integers (a key whose text has another length is another entity's).
   */
  private static boolean hasFixedWidth(Column column, Slot slot) {
    return column.type() == ColumnType.DATE || column.type().isExactInteger() && slot.fixedWidth();
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

  private static KeyPart.Role role(Kind kind) {
    switch (kind) {
      case LT:
        return KeyPart.Role.BELOW;
      case LE:
        return KeyPart.Role.AT_MOST;
      case GT:
        return KeyPart.Role.ABOVE;
      case GE:
        return KeyPart.Role.AT_LEAST;
      default:
        throw new IllegalArgumentException(kind.toString());
    }
  }

  private static String firstCharacter(String text) {
    return new String(Character.toChars(text.codePointAt(0)));
  }

  private static <T> List<T> map(List<List<KeyPart>> alternatives, Function<List<KeyPart>, T> f) {
    List<T> result = new ArrayList<>();
    for (List<KeyPart> parts : alternatives) {
      result.add(f.apply(parts));
    }
    return result;
  }

  private static List<KeyPart> append(List<KeyPart> prefix, KeyPart part) {
    List<KeyPart> parts = new ArrayList<>(prefix);
    parts.add(part);
    return parts;
  }

  private static KeyValue keyValue(AttributeType type, List<KeyPart> parts) {
    return new KeyValue(type, ImmutableList.copyOf(parts), false);
  }

  private KeyPart value(KeyTemplate template, Slot slot, Operand operand, KeyPart.Role role) {
    return new KeyPart.Value(column(slot.column()), slot, operand, template, role);
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

  /**
   * Of several LIKE prefixes on one column the longest is the strongest condition; a prefix whose
   * value is only known at execution is used when there is no other.
   */
  private Optional<KeyPredicate> longestPrefix(String column) {
    int index = table.columnIndex(column);
    return predicates.stream()
        .filter(p -> p.column() == index && p.kind() == Kind.PREFIX)
        .max(Comparator.comparingInt(p -> p.operand() instanceof Operand.Literal l ? l.value().toString().length() : -1));
  }

  /** The chosen prefix, when exact, and every exact prefix it implies are expressed by begins_with. */
  private void consumeImpliedPrefixes(String column, KeyPredicate chosen, Set<Integer> consumed) {
    if (!chosen.exact() || !(chosen.operand() instanceof Operand.Literal longest)) {
      return;
    }
    int index = table.columnIndex(column);
    for (KeyPredicate p : predicates) {
      if (p.column() == index && p.kind() == Kind.PREFIX && p.exact() && p.operand() instanceof Operand.Literal l
          && longest.value().toString().startsWith(l.value().toString())) {
        consumed.add(p.conjunct());
      }
    }
  }

  private Optional<KeyPredicate> findBound(String column, boolean lower) {
    int index = table.columnIndex(column);
    return predicates.stream()
        .filter(p -> p.column() == index && (lower ? p.kind().isLowerBound() : p.kind().isUpperBound()))
        .findFirst();
  }
}
