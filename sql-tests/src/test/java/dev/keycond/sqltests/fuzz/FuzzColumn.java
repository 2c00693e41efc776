package dev.keycond.sqltests.fuzz;

import java.util.Set;

/**
 * A column of a mapped table, as the fuzzer sees it.
 *
 * @param type the mapping's type name: VARCHAR, BIGINT, INTEGER, DECIMAL or DATE (which the write fuzzer
 *     puts in key slots)
 * @param attribute the DynamoDB attribute that holds it, when it is no slot of the table's own keys
 * @param key true when a slot of the table's own key holds it: such a column is never NULL
 */
record FuzzColumn(String name, String type, String attribute, boolean key) {
  static final Set<String> TYPES = Set.of("VARCHAR", "BIGINT", "INTEGER", "DECIMAL", "DATE");
  private static final Set<String> NUMBERS = Set.of("BIGINT", "INTEGER", "DECIMAL");

  FuzzColumn {
    if (!TYPES.contains(type)) {
      throw new IllegalArgumentException("column '" + name + "': the fuzzer compares only VARCHAR, numbers and DATE, not "
          + type);
    }
  }

  boolean numeric() {
    return NUMBERS.contains(type);
  }

  /** Whether values of the two columns can be compared in SQL. */
  boolean comparableWith(FuzzColumn other) {
    return type.equals(other.type) || numeric() && other.numeric();
  }

  /** The column's type in the reference database. */
  String referenceType() {
    return switch (type) {
      case "DECIMAL" -> "DECFLOAT";
      default -> type;
    };
  }
}
