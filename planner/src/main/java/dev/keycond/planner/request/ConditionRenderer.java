package dev.keycond.planner.request;

import dev.keycond.planner.codec.AttributeCodec;
import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.plan.LikePattern;
import dev.keycond.planner.plan.Operand;
import dev.keycond.planner.plan.ServerCondition;
import dev.keycond.planner.source.TimeToLive;
import dev.keycond.planner.codec.ConstantValues;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.sql.type.SqlTypeName;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes a {@link ServerCondition} in DynamoDB's condition syntax once the statement's values are
 * known. Some values decide the condition on their own (a NULL makes a comparison never TRUE), and
 * some have no exact form on the server (a number DynamoDB cannot hold, a LIKE pattern that is no
 * prefix, substring or literal); the result says which. A write's ConditionExpression and a
 * read's FilterExpression are both rendered here, so both check exactly what SQL means.
 */
final class ConditionRenderer {
  private final Placeholders placeholders;
  /** Empty while parameters have no values (EXPLAIN of a prepared statement): they are described instead. */
  private final Optional<KeyValueBinder> binder;

  ConditionRenderer(Placeholders placeholders, Optional<KeyValueBinder> binder) {
    this.placeholders = placeholders;
    this.binder = binder;
  }

  /** What a condition comes to with the statement's values. */
  sealed interface Rendered {
    /** TRUE for every item: the request needs no condition for it. */
    record Always() implements Rendered {}

    /** TRUE for no item: nothing is written. */
    record Never() implements Rendered {}

    /** The condition, in DynamoDB's syntax. */
    record Expression(String text) implements Rendered {}

    /** DynamoDB cannot check it exactly with these values; the driver must. */
    record NotExpressible() implements Rendered {}
  }

  static final Rendered ALWAYS = new Rendered.Always();
  static final Rendered NEVER = new Rendered.Never();
  static final Rendered NOT_EXPRESSIBLE = new Rendered.NotExpressible();

  Rendered render(ServerCondition condition) {
    if (condition instanceof ServerCondition.And and) {
      List<String> parts = new ArrayList<>();
      for (ServerCondition part : and.conditions()) {
        Rendered rendered = render(part);
        if (!(rendered instanceof Rendered.Always)) {
          if (!(rendered instanceof Rendered.Expression e)) {
            return rendered;
          }
          parts.add(e.text());
        }
      }
      return join(parts, " AND ", ALWAYS);
    }
    if (condition instanceof ServerCondition.Or or) {
      List<String> parts = new ArrayList<>();
      boolean notExpressible = false;
      for (ServerCondition part : or.conditions()) {
        Rendered rendered = render(part);
        if (rendered instanceof Rendered.Always) {
          return ALWAYS;
        }
        notExpressible |= rendered instanceof Rendered.NotExpressible;
        if (rendered instanceof Rendered.Expression e) {
          parts.add(e.text());
        }
      }
      return notExpressible ? NOT_EXPRESSIBLE : join(parts, " OR ", NEVER);
    }
    if (condition instanceof ServerCondition.UnlessMissing unless) {
      return unlessMissing(unless);
    }
    if (condition instanceof ServerCondition.Compare compare) {
      return compare(compare.column(), compare.op(), compare.value());
    }
    if (condition instanceof ServerCondition.Like like) {
      return like(like);
    }
    if (condition instanceof ServerCondition.HoldsConstant holds) {
      return new Rendered.Expression(placeholders.name(holds.constant().attribute()) + " = "
          + placeholders.value(bound(ConstantValues.value(holds.constant()))));
    }
    ServerCondition.IsNull isNull = (ServerCondition.IsNull) condition;
    String name = placeholders.name(isNull.column().attribute());
    String nul = placeholders.value(bound(AttributeValue.fromS("NULL")));
    // A stored NULL-typed attribute reads as SQL NULL too.
    return new Rendered.Expression(isNull.negated()
        ? "(attribute_exists(" + name + ") AND NOT attribute_type(" + name + ", " + nul + "))"
        : "(attribute_not_exists(" + name + ") OR attribute_type(" + name + ", " + nul + "))");
  }

  /**
   * Keeps the items whose time to live has not passed at {@code now}: those whose TTL attribute is
   * missing or no Number (DynamoDB never expires them), or not before {@code now}.
   */
  Rendered notExpired(TimeToLive timeToLive, Instant now) {
    return new Rendered.Expression(new Expiry(timeToLive, now).live(placeholders));
  }

  private static Rendered join(List<String> parts, String operator, Rendered empty) {
    if (parts.isEmpty()) {
      return empty;
    }
    return new Rendered.Expression(parts.size() == 1 ? parts.get(0) : "(" + String.join(operator, parts) + ")");
  }

  /**
   * A condition that DynamoDB cannot refute for the items lacking the columns' attributes: NEVER
   * and ALWAYS come from the values alone, so they hold whichever place a value is read from.
   */
  private Rendered unlessMissing(ServerCondition.UnlessMissing unless) {
    Rendered rendered = render(unless.condition());
    if (!(rendered instanceof Rendered.Expression e)) {
      return rendered;
    }
    List<String> parts = new ArrayList<>(List.of(e.text()));
    unless.columns().forEach(c -> parts.add("attribute_not_exists(" + placeholders.name(c.attribute()) + ")"));
    return join(parts, " OR ", NEVER);
  }

  private Rendered compare(Column column, ServerCondition.Op op, Operand operand) {
    Optional<Optional<RequestValue>> value = value(column, operand);
    if (value.isEmpty()) {
      return NOT_EXPRESSIBLE;
    }
    if (value.get().isEmpty()) {
      return NEVER;
    }
    RequestValue v = value.get().get();
    if (column.type() == ColumnType.BOOLEAN && op != ServerCondition.Op.EQ && op != ServerCondition.Op.NE) {
      return NOT_EXPRESSIBLE;
    }
    String name = placeholders.name(column.attribute());
    if (column.type() == ColumnType.BOOLEAN) {
      if (op == ServerCondition.Op.NE) {
        // Of two booleans, "not TRUE" is FALSE: the attribute must hold the other value.
        v = v instanceof RequestValue.Bound b ? bound(AttributeValue.fromBool(!b.value().bool()))
            : new RequestValue.Unbound("NOT " + ((RequestValue.Unbound) v).description());
      }
      return new Rendered.Expression(name + " = " + placeholders.value(v));
    }
    switch (op) {
      case EQ:
        return new Rendered.Expression(name + " = " + placeholders.value(v));
      case NE:
        // DynamoDB's <> is TRUE on a missing attribute or one of another type; SQL's is not.
        String other = placeholders.value(v);
        return new Rendered.Expression("(" + name + " < " + other + " OR " + name + " > " + other + ")");
      default:
        return new Rendered.Expression(name + " " + symbol(op) + " " + placeholders.value(v));
    }
  }

  private Rendered like(ServerCondition.Like like) {
    Optional<Object> pattern = binder.map(b -> b.valueOf(like.pattern()));
    if (binder.isEmpty() && like.pattern() instanceof Operand.Literal literal) {
      pattern = Optional.of(literal.value());
    }
    if (pattern.isEmpty()) {
      // EXPLAIN before the pattern is known: the prefix case, which the pattern decides at execution.
      String name = placeholders.name(like.column().attribute());
      String prefix = placeholders.value(new RequestValue.Unbound("prefix of " + like.pattern()));
      String beginsWith = "begins_with(" + name + ", " + prefix + ")";
      return new Rendered.Expression(like.negated() ? "(" + isText(name, prefix) + " AND NOT " + beginsWith + ")"
          : beginsWith);
    }
    if (pattern.get() == null) {
      return NEVER;
    }
    String text = pattern.get().toString();
    LikePattern parsed = LikePattern.parse(text, like.escape());
    if (parsed.wildcardFree()) {
      return compare(like.column(), like.negated() ? ServerCondition.Op.NE : ServerCondition.Op.EQ,
          new Operand.Literal(parsed.prefix()));
    }
    Optional<String> substring = parsed.prefixOnly() ? Optional.empty() : substring(text, like.escape());
    if (!parsed.prefixOnly() && substring.isEmpty()) {
      return NOT_EXPRESSIBLE;
    }
    if (parsed.prefixOnly() && parsed.prefix().isEmpty() && like.negated()) {
      // '%' is TRUE for every string and never for NULL, so NOT LIKE '%' is never TRUE.
      return NEVER;
    }
    // Placeholders are allocated only for what the expression uses: a request carries no other.
    String name = placeholders.name(like.column().attribute());
    if (parsed.prefixOnly()) {
      // '%' is TRUE for every string: any text compares with it, the empty one included.
      String prefix = placeholders.value(text(parsed.prefix().isEmpty() ? "%" : parsed.prefix()));
      if (parsed.prefix().isEmpty()) {
        return new Rendered.Expression(isText(name, prefix));
      }
      return new Rendered.Expression(like.negated() ? "(" + isText(name, prefix) + " AND NOT begins_with(" + name
          + ", " + prefix + "))" : "begins_with(" + name + ", " + prefix + ")");
    }
    String value = placeholders.value(text(substring.get()));
    String contains = "contains(" + name + ", " + value + ")";
    return new Rendered.Expression(like.negated() ? "(" + isText(name, value) + " AND NOT " + contains + ")"
        : "(" + isText(name, value) + " AND " + contains + ")");
  }

  /**
   * TRUE when the attribute holds a string, the empty one included: DynamoDB compares only values
   * of one type, and a string is either before another or not. (dynalite's {@code attribute_type}
   * is FALSE on an empty string, DynamoDB's TRUE; on this form both agree.)
   *
   * @param text the placeholder of a string value
   */
  private static String isText(String name, String text) {
    return "(" + name + " < " + text + " OR " + name + " >= " + text + ")";
  }

  /** The text a {@code %text%} pattern looks for, when the pattern is nothing else. */
  private static Optional<String> substring(String pattern, String escape) {
    if (!pattern.startsWith("%")) {
      return Optional.empty();
    }
    LikePattern rest = LikePattern.parse(pattern.substring(1), escape);
    return rest.prefixOnly() && !rest.prefix().isEmpty() && !rest.wildcardFree()
        ? Optional.of(rest.prefix()) : Optional.empty();
  }

  /**
   * The attribute value a column is compared with; empty when DynamoDB cannot hold it (a number
   * past its range), and an empty value when it is NULL, which no attribute equals.
   */
  private Optional<Optional<RequestValue>> value(Column column, Operand operand) {
    if (binder.isEmpty() && !(operand instanceof Operand.Literal)) {
      return Optional.of(Optional.of(new RequestValue.Unbound(operand.toString())));
    }
    Object value = binder.isPresent() ? binder.get().valueOf(operand) : ((Operand.Literal) operand).value();
    if (value == null) {
      return Optional.of(Optional.empty());
    }
    try {
      return Optional.of(Optional.of(bound(attribute(column, value))));
    } catch (KeycondException notHeldByDynamoDb) {
      return Optional.empty();
    }
  }

  /** A value as the attribute of {@code column} holds it; numbers compare by value, whatever their SQL type. */
  private static AttributeValue attribute(Column column, Object value) {
    switch (column.type().storage()) {
      case N:
        return AttributeValue.fromN(AttributeCodec.dynamoNumber((java.math.BigDecimal)
            SqlValues.coerce(value, SqlTypeName.DECIMAL)));
      case BOOL:
        return AttributeValue.fromBool((Boolean) SqlValues.coerce(value, SqlTypeName.BOOLEAN));
      case B:
        return AttributeValue.fromB(SdkBytes.fromByteArray(((ByteString) SqlValues.coerce(value,
            SqlTypeName.VARBINARY)).getBytes()));
      default:
        return AttributeValue.fromS(SqlValues.coerce(value, SqlTypeName.VARCHAR).toString());
    }
  }

  private static RequestValue text(String text) {
    return bound(AttributeValue.fromS(text));
  }

  private static RequestValue bound(AttributeValue value) {
    return new RequestValue.Bound(value);
  }

  private static String symbol(ServerCondition.Op op) {
    switch (op) {
      case LT:
        return "<";
      case LE:
        return "<=";
      case GT:
        return ">";
      default:
        return ">=";
    }
  }
}
