package dev.keycond.planner.plan;

import dev.keycond.planner.settings.ScanPolicy;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.KeyTarget;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The message for a statement that only a full-table Scan could answer: which table, which key
 * attributes no condition binds, and the ways to fix it: the statement itself with the key bound,
 * ready to run once its placeholders are filled in, and the setting that permits the Scan.
 */
public final class ScanRefusal {
  private ScanRefusal() {}

  public static String message(EntityTable table, ScanPolicy policy, ScanUse use, BoundStatements statements) {
    StringBuilder m = new StringBuilder()
        .append(use == ScanUse.READ ? "Reading" : "Finding the rows to change in").append(" table '")
        .append(table.name()).append("' needs a full Scan of DynamoDB table '").append(table.source().name())
        .append("', which keycond refuses ").append(use == ScanUse.WRITE && policy.allowed() ? "for a write " : "")
        .append("under the connection's scan=").append(policy).append(". ");
    // The first key target is the table's own key, or the index a "table@index" reference pins.
    List<KeyTarget> targets = table.keyTargets();
    KeyTarget main = targets.get(0);
    String hash = main.keys().hashAttribute();
    m.append("No condition binds the partition key '").append(hash).append("' of ")
        .append(main.describe(table.source().name()));
    if (!table.template(hash).isIdentity()) {
      m.append(" (template '").append(table.template(hash)).append("')");
    }
    m.append(". To fix it, ");
    List<String> fixes = new ArrayList<>();
    Set<String> suggested = new HashSet<>();
    for (KeyTarget target : targets) {
      List<String> columns = table.template(target.keys().hashAttribute()).columns();
      String how = target == main ? "bind it" : "use index '" + target.index().get().name() + "'";
      List<String> bound = columns.isEmpty() ? List.of() : statements.bind(table.name(), columns);
      if (bound.isEmpty()) {
        fixes.add(how + " with a condition on " + (columns.isEmpty() ? "its sort key" : String.join(" and ", columns)));
      }
      // An index keyed like the table (a local secondary index) gives the same statement.
      for (String statement : bound.stream().filter(b -> !suggested.contains(b)).toList()) {
        suggested.add(statement);
        fixes.add(how + ", filling in " + String.join(" and ", columns.stream().map(BoundStatements::placeholder)
            .toList()) + ": " + statement);
      }
    }
    m.append(String.join("; or ", fixes));
    m.append(use == ScanUse.READ
        ? "; or, to permit Scans, set the connection property scan=allow, or scan=limit:N to read at most N items "
            + "(for browsing tables in a GUI): in the shell, !connect with the URL plus ;scan=limit:1000; in a GUI "
            + "tool, set the driver property scan."
        : "; or, to let a write Scan, set the connection property scan=allow (scan=limit:N lets reads Scan, never "
            + "writes: a write would change only the rows a cut-short Scan happened to read): in the shell, "
            + "!connect with the URL plus ;scan=allow; in a GUI tool, set the driver property scan.");
    return m.toString();
  }
}
