package dev.keycond.planner.plan;

import dev.keycond.planner.codec.AttributeCodec;
import dev.keycond.planner.codec.KeyText;
import dev.keycond.planner.codec.KeyValueLimits;
import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.codec.ShardNumber;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.ColumnType;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.sql.type.SqlTypeName;
import java.util.Optional;
import java.util.function.Function;
import org.apache.calcite.rel.core.CorrelationId;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Turns {@link KeyValue}s into DynamoDB attribute values once the statement's parameters are known.
 */
public final class KeyValueBinder {
  private final List<Object> parameters;
  private final Function<CorrelationId, Object[]> outerRows;

  /** @param parameters the statement's parameter values, in marker order; no outer row is bound */
  public KeyValueBinder(List<Object> parameters) {
    this(parameters, id -> null);
  }

  /** @param outerRows the outer row bound to each correlation variable, for {@link Operand.OuterField}s */
  public KeyValueBinder(List<Object> parameters, Function<CorrelationId, Object[]> outerRows) {
    this.parameters = parameters;
    this.outerRows = outerRows;
  }

  /** Whether every value of the key is known: its parameters are set and its outer rows bound. */
  public boolean binds(KeyValue key) {
    for (KeyPart part : key.parts()) {
      Operand operand = part instanceof KeyPart.Value v ? v.operand() : null;
      if (operand instanceof Operand.ShardOf shard) {
        operand = shard.of();
      }
      if (operand instanceof Operand.OuterField field && outerRows.apply(field.correlation()) == null) {
        return false;
      }
    }
    return true;
  }

  /** The operand's value; null for a NULL value, which no key equals. */
  public Object valueOf(Operand operand) {
    if (operand instanceof Operand.Literal literal) {
      return literal.value();
    }
    if (operand instanceof Operand.PatternPrefix prefix) {
      Object pattern = valueOf(prefix.pattern());
      if (pattern == null) {
        return null;
      }
      return LikePattern.parse(pattern.toString(), prefix.escape()).prefix();
    }
    if (operand instanceof Operand.ShardOf shard) {
      return shard(valueOf(shard.of()), shard.type(), shard.count());
    }
    if (operand instanceof Operand.OuterField field) {
      return outerRows.apply(field.correlation())[field.index()];
    }
    int index = ((Operand.Parameter) operand).index();
    if (index >= parameters.size()) {
      throw new KeycondException(SqlState.PARAMETER_NOT_SET, "Parameter " + (index + 1) + " is not set");
    }
    return parameters.get(index);
  }

  /**
   * The shard of a row whose shard-source column equals {@code of}; null when no row's can (a NULL,
   * or a value the column cannot hold, such as 42.5 for an INTEGER), which matches no item.
   */
  public static Integer shard(Object of, ColumnType type, int count) {
    if (of == null) {
      return null;
    }
    try {
      return ShardNumber.of(SqlValues.toColumnValue(of, type), type, count);
    } catch (KeycondException noSuchValue) {
      return null;
    }
  }

  /**
   * Binds a key value sent for {@code attribute}, checked against what DynamoDB accepts as a value
   * of that key (see {@link KeyValueLimits}).
   *
   * @throws KeycondException 22021 for text that is not valid Unicode, 22001 for a value too long
   */
  public Optional<AttributeValue> bind(KeyValue key, String attribute, KeyValueLimits.KeyRole role) {
    Optional<AttributeValue> bound = bind(key);
    bound.ifPresent(value -> KeyValueLimits.check(attribute, role, value));
    return bound;
  }

  /**
   * Binds a key value; empty when no item can match: a part is NULL, or a value its slot cannot
   * hold. The text may be empty, which a key never is: what that means depends on the condition it
   * is used in.
   *
   * @throws KeycondException when a stored value would contain a literal of its template next to its slot
   */
  public Optional<AttributeValue> bind(KeyValue key) {
    if (key.type() != AttributeType.S && key.parts().size() == 1 && key.parts().get(0) instanceof KeyPart.Value v) {
      Optional<Object> value = comparand(v);
      if (value.isEmpty()) {
        return Optional.empty();
      }
      if (v.role() != KeyPart.Role.VALUE && IntegerComparand.applies(value.get(), v.column())) {
        // A number key compares numerically, so any bound is exact as it is: size > 1599.5.
        return Optional.of(AttributeCodec.encode(IntegerComparand.exact(value.get()), ColumnType.DECIMAL));
      }
      // The mapping checks that such a column's type is stored as the key's type (N or B).
      return Optional.of(AttributeCodec.encode(SqlValues.toColumnValue(value.get(), v.column().type()),
          v.column().type()));
    }
    StringBuilder text = new StringBuilder();
    List<KeyPart> parts = key.parts();
    for (int i = 0; i < parts.size(); i++) {
      KeyPart part = parts.get(i);
      if (part instanceof KeyPart.Text t) {
        text.append(t.text());
        continue;
      }
      KeyPart.Value v = (KeyPart.Value) part;
      Optional<Object> comparand = comparand(v);
      if (comparand.isEmpty()) {
        return Optional.empty();
      }
      Object value = comparand.get();
      String slotText;
      if ((v.role().isLowerBound() || v.role().isUpperBound()) && v.slot().fixedWidth()) {
        Optional<String> clamped = paddedBoundText(v, value);
        if (clamped.isEmpty()) {
          // A range that no value of the slot meets matches no item, like a NULL bound.
          return Optional.empty();
        }
        slotText = clamped.get();
      } else if (v.role() == KeyPart.Role.PREFIX) {
        slotText = SqlValues.coerce(value, SqlTypeName.VARCHAR).toString();
      } else {
        Object columnValue = SqlValues.toColumnValue(value, v.column().type());
        if (!KeyText.fits(columnValue, v.column().type(), v.slot())) {
          // A value the slot cannot hold (12345678 in {seq:06}) is in no item's key, like 42.5 in an INTEGER.
          return Optional.empty();
        }
        slotText = KeyText.encode(columnValue, v.column().type(), v.slot());
      }
      if (v.role() == KeyPart.Role.VALUE) {
        v.template().checkSlotText(v.slot(), slotText);
      }
      if (v.role().isUpperBound() && i + 1 < parts.size()) {
        // The separator that follows an upper bound ends the range (see KeyPart.Role).
        slotText = upToSeparator(slotText, ((KeyPart.Text) parts.get(i + 1)).text().codePointAt(0));
      }
      text.append(slotText);
    }
    // An empty text is returned as it is: the request builder knows what it means for each condition.
    String result = key.successor() ? successor(text.toString()) : text.toString();
    return Optional.of(AttributeValue.fromS(result));
  }

  /**
   * The text of a range bound on a zero-padded slot, clamped to the slot's values; empty when no
   * value of the slot meets the bound.
   */
  private static Optional<String> paddedBoundText(KeyPart.Value v, Object value) {
    BigDecimal n = IntegerComparand.exact(value);
    switch (PaddedSlotBound.of(v, n)) {
      case NO_VALUE:
        return Optional.empty();
      case EVERY_VALUE:
        // A lower bound of nothing leaves the range starting where the slot does; an upper
        // bound is clamped to the largest text the slot holds.
        return Optional.of(v.role().isLowerBound() ? "" : "9".repeat(v.slot().width()));
      default:
        Object rounded = SqlValues.toColumnValue(IntegerComparand.rounded(n, v.role()), v.column().type());
        return Optional.of(KeyText.encode(rounded, v.column().type(), v.slot()));
    }
  }

  /**
   * The value a key part compares with; empty when no item can match: a NULL, or a value that no
   * value of the column equals (42.5 for an INTEGER column).
   */
  private Optional<Object> comparand(KeyPart.Value v) {
    Object value = valueOf(v.operand());
    if (value != null && v.role() == KeyPart.Role.VALUE && IntegerComparand.applies(value, v.column())) {
      return IntegerComparand.equalValue(value, v.column());
    }
    return Optional.ofNullable(value);
  }

  /**
   * The bound up to its first character that does not sort above the separator: a stored value
   * equal to the text before that character continues with the separator, which is then above (or
   * equal to) the rest of the bound; stored values cannot hold the separator itself.
   */
  private static String upToSeparator(String bound, int separator) {
    for (int i = 0; i < bound.length(); i += Character.charCount(bound.codePointAt(i))) {
      if (bound.codePointAt(i) <= separator) {
        return bound.substring(0, i);
      }
    }
    return bound;
  }

  /** The smallest string greater than every string that starts with {@code prefix}. */
  static String successor(String prefix) {
    if (prefix.isEmpty()) {
      throw new IllegalArgumentException("no successor of the empty prefix");
    }
    int last = prefix.codePointBefore(prefix.length());
    String head = prefix.substring(0, prefix.length() - Character.charCount(last));
    if (last == Character.MAX_CODE_POINT) {
      return successor(head);
    }
    int next = last + 1;
    if (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE) {
      next = Character.MAX_SURROGATE + 1;
    }
    return head + new String(Character.toChars(next));
  }
}
