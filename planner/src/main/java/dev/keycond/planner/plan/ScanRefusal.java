package dev.keycond.planner.plan;

import dev.keycond.planner.settings.ScanPolicy;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.KeyTarget;
import java.util.ArrayList;
import java.util.List;

/**
 * The message for a statement that only a full-table Scan could answer: which table, which key
 * attributes no condition binds, and the ways to fix it, with the columns written as the
 * statement can use them.
 */
public final class ScanRefusal {
  private ScanRefusal() {}

  public static String message(EntityTable table, ScanPolicy policy, ColumnNaming naming) {
    StringBuilder m = new StringBuilder()
        .append("Reading table '").append(table.name()).append("' needs a full Scan of DynamoDB table '")
        .append(table.source().name()).append("', which keycond refuses (scan=").append(policy).append("). ");
    // The first key target is the table's own key, or the index a "table@index" reference pins.
    List<KeyTarget> targets = table.keyTargets();
    KeyTarget main = targets.get(0);
    String hash = main.keys().hashAttribute();
    m.append("No condition binds the partition key '").append(hash).append("' of ")
        .append(main.describe(table.source().name()));
    if (!table.template(hash).isIdentity()) {
      m.append(" (template '").append(table.template(hash)).append("')");
    }
    m.append(". To fix it: ");
    List<String> fixes = new ArrayList<>();
    for (KeyTarget target : targets) {
      List<String> columns = table.template(target.keys().hashAttribute()).columns();
      for (String condition : conditions(table.name(), columns, naming)) {
        fixes.add(target == main && fixes.isEmpty() ? "add WHERE " + condition
            : target == main ? "or add WHERE " + condition
            : "or use index '" + target.index().get().name() + "' by adding WHERE " + condition);
      }
    }
    m.append(String.join("; ", fixes));
    m.append("; or, to permit Scans, set the connection property scan=allow, or scan=limit:N to read at most "
        + "N items (for browsing tables in a GUI).");
    return m.toString();
  }

  /** The conditions that bind the columns, one for each way the statement refers to the table. */
  private static List<String> conditions(String table, List<String> columns, ColumnNaming naming) {
    if (columns.isEmpty()) {
      return List.of("any condition on its sort key");
    }
    List<List<String>> written = columns.stream().map(c -> naming.refer(table, c)).toList();
    List<String> conditions = new ArrayList<>();
    for (int reference = 0; reference < written.get(0).size(); reference++) {
      int r = reference;
      conditions.add(String.join(" AND ", written.stream().map(w -> w.get(r) + " = <value>").toList()));
    }
    return conditions;
  }
}
