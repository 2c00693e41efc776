package dev.keycond.planner.mapping;

import static java.util.Objects.requireNonNull;

/**
 * A SQL column of a mapped table.
 *
 * @param name the SQL name, case as written in the mapping
 * @param type the declared SQL type
 * @param attribute the DynamoDB attribute the value is stored in when the column is not decoded
 *     from a key template; by default the column's own name
 */
public record Column(String name, ColumnType type, String attribute) {
  /** The attribute name of a column that holds the whole item, as JSON. */
  public static final String WHOLE_ITEM = "*";

  public Column {
    requireNonNull(name, "name");
    requireNonNull(type, "type");
    requireNonNull(attribute, "attribute");
  }

  public boolean isWholeItem() {
    return WHOLE_ITEM.equals(attribute);
  }
}
