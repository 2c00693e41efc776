package dev.keycond.shell;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;

/** A name as a DatabaseMetaData pattern that matches that name only: its {@code %} and {@code _} escaped. */
final class ExactPattern {
  private ExactPattern() {}

  static String of(String name, DatabaseMetaData meta) throws SQLException {
    String escape = meta.getSearchStringEscape();
    return name.replace(escape, escape + escape).replace("%", escape + "%").replace("_", escape + "_");
  }
}
