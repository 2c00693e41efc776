package dev.keycond.sqltests.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * A statement being written twice at once: for keycond, where a literal may become a {@code ?}
 * marker with its value as a parameter, and for the reference engine, which always gets the
 * literal. Text that only one of them runs (a LIMIT checked another way) goes to that one alone.
 */
final class SqlText {
  private final StringBuilder driver = new StringBuilder();
  private final StringBuilder reference = new StringBuilder();
  private final List<Object> parameters = new ArrayList<>();
  private final boolean prepared;

  SqlText(boolean prepared) {
    this.prepared = prepared;
  }

  SqlText add(String text) {
    driver.append(text);
    reference.append(text);
    return this;
  }

  /**
   * A comparand: a marker in a prepared statement, else the literal. Text that is not valid
   * Unicode, which keycond refuses before the reference runs, is NULL on the reference's side.
   */
  SqlText value(Literal literal) {
    if (prepared) {
      driver.append('?');
      parameters.add(literal.value());
    } else {
      driver.append(literal.sql());
    }
    reference.append(literal.validUnicode() ? literal.referenceSql() : "NULL");
    return this;
  }

  SqlText driverOnly(String text) {
    driver.append(text);
    return this;
  }

  SqlText referenceOnly(String text) {
    reference.append(text);
    return this;
  }

  String driverSql() {
    return driver.toString();
  }

  String referenceSql() {
    return reference.toString();
  }

  List<Object> parameters() {
    return parameters;
  }
}
