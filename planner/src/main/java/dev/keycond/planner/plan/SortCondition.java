package dev.keycond.planner.plan;

/**
 * The condition on a sort key attribute: one of the forms DynamoDB's KeyConditionExpression
 * accepts. {@code high} is only set for {@link Op#BETWEEN}.
 */
public record SortCondition(String attribute, Op op, KeyValue low, KeyValue high) {

  public enum Op {
    EQ("="),
    BEGINS_WITH("begins_with"),
    BETWEEN("BETWEEN"),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }
  }

  public static SortCondition of(String attribute, Op op, KeyValue value) {
    return new SortCondition(attribute, op, value, null);
  }

  public static SortCondition between(String attribute, KeyValue low, KeyValue high) {
    return new SortCondition(attribute, Op.BETWEEN, low, high);
  }
}
