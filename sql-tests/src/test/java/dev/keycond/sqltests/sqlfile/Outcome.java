package dev.keycond.sqltests.sqlfile;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** What running one case produced: rows or an error, the requests sent, the warnings and the cost. */
final class Outcome {
  List<String> header = List.of();
  final List<List<String>> rows = new ArrayList<>();
  SQLException error;
  /** A write's update count. */
  Long count;
  /** The items of the case's {@code --- items} table after the statement, rendered, under that section's line. */
  String itemsSection = "--- items";
  List<String> items = List.of();
  List<String> requests = List.of();
  final List<String> warnings = new ArrayList<>();
  /** The cost's summary line, then each capacity line. */
  List<String> cost = List.of();

  /** The outcome in .sqltest syntax, so a failure shows what to paste into the file. */
  String transcript() {
    StringBuilder text = new StringBuilder();
    if (error != null) {
      text.append("--- error ").append(error.getSQLState()).append(' ')
          .append(error.getClass().getSimpleName()).append('\n')
          .append(error.getMessage()).append('\n');
    } else if (count != null) {
      text.append("--- count ").append(count).append('\n');
    } else {
      text.append("--- rows\n").append(String.join(" | ", header)).append('\n');
      rows.forEach(row -> text.append(row(row)).append('\n'));
    }
    text.append("--- requests\n");
    requests.forEach(request -> text.append(request).append('\n'));
    if (!warnings.isEmpty()) {
      text.append("--- warning\n");
      warnings.forEach(warning -> text.append(warning).append('\n'));
    }
    if (!items.isEmpty()) {
      text.append(itemsSection).append('\n');
      items.forEach(item -> text.append(item).append('\n'));
    }
    if (error == null && count == null) {
      text.append("--- cost\n");
      cost.forEach(line -> text.append(line).append('\n'));
    }
    return text.toString();
  }

  static String row(List<String> cells) {
    List<String> shown = new ArrayList<>();
    for (String cell : cells) {
      shown.add(cell == null ? "NULL" : cell.isEmpty() ? "''" : cell);
    }
    return String.join(" | ", shown);
  }
}
