package dev.keycond.planner.table;

import dev.keycond.planner.mapping.KeyTemplate;
import java.util.List;

/** Where a read finds a column's value in an item. */
public sealed interface ColumnSource {
  /** The attribute the read takes the column's value from first. */
  String attribute();

  /** Every attribute the read fetches for the column. */
  default List<String> attributes() {
    return List.of(attribute());
  }

  /**
   * A slot of a key attribute's template: one of the table's own keys, or an index key that the
   * column lives in alone ({@code "attribute": null}).
   *
   * @param slot the position of the column among the template's slots
   * @param ownKey whether {@code attribute} is a key attribute of the table itself
   */
  record KeySlot(String attribute, KeyTemplate template, int slot, boolean ownKey) implements ColumnSource {}

  /** An attribute that holds the value as it is (or, for the whole-item column, the item). */
  record Stored(String attribute) implements ColumnSource {}

  /**
   * An attribute that holds the value as it is, else a slot of an index key template that holds the
   * column too: keycond writes both, but an item another client wrote may carry the value in the
   * index key alone. The attribute wins when the item has both.
   */
  record StoredThenKeySlot(String attribute, KeySlot key) implements ColumnSource {
    @Override
    public List<String> attributes() {
      return List.of(attribute, key.attribute());
    }
  }
}
