package dev.keycond.planner.mapping;

import static java.util.Objects.requireNonNull;

/**
 * A SQL column of a mapped table.
 *
 * @param name the SQL name, case as written in the mapping
 * @param type the declared SQL type
 * @param attribute the DynamoDB attribute the value is stored in when {@code storage} stores it in
 *     one; by default the column's own name
 * @param storage whether the value is kept in {@code attribute}, besides any key template that holds it
 */
public record Column(String name, ColumnType type, String attribute, Storage storage) {
  /** The attribute name of a column that holds the whole item, as JSON. */
  public static final String WHOLE_ITEM = "*";

  /**
   * Where a column's value is kept besides the key templates that hold it. The mapping says it with
   * the column's {@code attribute} field: left out, a name, or {@code null}.
   */
  public enum Storage {
    /**
     * No {@code attribute} field: a column of the table's own key templates lives in the key only;
     * every other column (one of an index key template included) is kept in the attribute of its name.
     */
    DEFAULT,
    /**
     * {@code "attribute": "name"}: kept in that attribute, even a column of the table's own key
     * templates (a stored copy of a key part, which reads ignore: the key wins).
     */
    DECLARED,
    /**
     * {@code "attribute": null}: kept only in the key templates that hold it, as designs do with an
     * id that lives only inside an index key ({@code GSI1PK = AGENT#{agent_id}}).
     */
    KEYS_ONLY
  }

  public Column {
    requireNonNull(name, "name");
    requireNonNull(type, "type");
    requireNonNull(attribute, "attribute");
    requireNonNull(storage, "storage");
  }

  /** A column kept in {@code attribute} unless it is decoded from the table's own key. */
  public Column(String name, ColumnType type, String attribute) {
    this(name, type, attribute, Storage.DEFAULT);
  }

  public boolean isWholeItem() {
    return WHOLE_ITEM.equals(attribute);
  }
}
