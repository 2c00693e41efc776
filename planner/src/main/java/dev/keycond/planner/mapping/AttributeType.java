package dev.keycond.planner.mapping;

/** The DynamoDB types keycond reads and writes for columns. */
public enum AttributeType {
  S,
  N,
  B,
  BOOL,
  SS,
  NS,
  BS,
  /** Any type, written as JSON says: a map, a list, or a scalar. */
  DOCUMENT;

  /** Maps DescribeTable's attribute type ("S", "N", "B"). */
  public static AttributeType ofKeyType(String scalarAttributeType) {
    return valueOf(scalarAttributeType);
  }
}
