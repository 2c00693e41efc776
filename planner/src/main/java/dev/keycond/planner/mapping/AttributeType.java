package dev.keycond.planner.mapping;

/** The DynamoDB scalar types keycond reads and writes for columns. */
public enum AttributeType {
  S,
  N,
  B,
  BOOL;

  /** Maps DescribeTable's attribute type ("S", "N", "B"). */
  public static AttributeType ofKeyType(String scalarAttributeType) {
    return valueOf(scalarAttributeType);
  }
}
