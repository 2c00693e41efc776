package dev.keycond.planner.table;

import dev.keycond.planner.mapping.KeyTemplate;

/** Where a read finds a column's value in an item. */
public sealed interface ColumnSource {
  /** The attribute the read fetches for the column. */
  String attribute();

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
}
