package dev.keycond.planner.plan;

import java.util.List;

/**
 * The statement a refusal advises: the user's own statement with a condition that binds key
 * columns added where it reads the table, so that the advice can be pasted and run once its
 * placeholders are filled in.
 */
@FunctionalInterface
public interface BoundStatements {
  /**
   * The statement with {@code column = <column>} for each column added to the query block that
   * reads the table, the columns qualified as that block can use them: one statement for each
   * reference the statement makes to the table (a table read twice, as in a self-join, gives two).
   * Empty when the statement's text cannot take the condition (a table read through a WITH query
   * by another name).
   */
  List<String> bind(String table, List<String> columns);

  /** The placeholder a bound statement holds for the value of a column. */
  static String placeholder(String column) {
    return "<" + column + ">";
  }
}
