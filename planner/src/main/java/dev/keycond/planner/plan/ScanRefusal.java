package dev.keycond.planner.plan;

import dev.keycond.planner.settings.ScanPolicy;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.KeyTarget;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.rex.RexNode;

/**
 * The message for a statement that only a full-table Scan could answer: which table, which key
 * attributes no condition binds, and the ways to fix it: the statement itself with the key bound,
 * ready to run once its placeholders are filled in, and the setting that permits the Scan.
 */
public final class ScanRefusal {
  private ScanRefusal() {}

  /** @param conditions the read's conjuncts, over the table's row type: which key columns they bind */
  public static String message(EntityTable table, List<RexNode> conditions, ScanPolicy policy, ScanUse use,
      BoundStatements statements) {
    StringBuilder m = new StringBuilder()
        .append(use == ScanUse.READ ? "Reading" : "Finding the rows to change in").append(" table '")
        .append(table.name()).append("' needs a full Scan of DynamoDB table '").append(table.source().name())
        .append("', which keycond refuses ").append(use == ScanUse.WRITE && policy.allowed() ? "for a write " : "")
        .append("under the connection's scan=").append(policy).append(". ");
    // The columns the statement binds; a shard the mapping implies is none of its conditions.
    Set<String> bound = new HashSet<>();
    for (KeyPredicate p : KeyPredicates.extract(table, conditions)) {
      if (p.kind().isEquality() && p.conjunct() != KeyPredicate.IMPLIED) {
        bound.add(table.column(p.column()).name());
      }
    }
    // The first key target is the table's own key, or the index a "table@index" reference pins.
    List<KeyTarget> targets = table.keyTargets();
    KeyTarget main = targets.get(0);
    List<String> partition = main.keys().partitionAttributes();
    if (partition.size() == 1) {
      String hash = partition.get(0);
      m.append("No condition binds the partition key '").append(hash).append("' of ")
          .append(main.describe(table.source().name()));
      if (!table.template(hash).isIdentity()) {
        m.append(" (template '").append(table.template(hash)).append("')");
      }
      m.append(". ");
    } else {
      m.append("No condition binds ").append(missingAttributes(table, main, bound)).append(" of the partition key (")
          .append(String.join(", ", partition)).append(") of ").append(main.describe(table.source().name()))
          .append(", a key of several attributes that a Query must bind every one of by equality (= or IN). ");
    }
    // An index whose partition key the statement binds in part says which of its attributes are missing.
    for (KeyTarget target : targets.subList(1, targets.size())) {
      List<String> columns = partitionColumns(table, target);
      if (target.keys().partitionAttributes().size() > 1 && columns.stream().anyMatch(bound::contains)) {
        m.append("Index '").append(target.index().get().name()).append("' has a partition key of several attributes (")
            .append(String.join(", ", target.keys().partitionAttributes()))
            .append("), which a Query must bind every one of by equality (= or IN); no condition binds ")
            .append(missingAttributes(table, target, bound)).append(". ");
      }
    }
    m.append("To fix it, ");
    List<String> fixes = new ArrayList<>();
    Set<String> suggested = new HashSet<>();
    for (KeyTarget target : targets) {
      List<String> columns = partitionColumns(table, target).stream().filter(c -> !bound.contains(c)).toList();
      String how = target == main ? "bind it" : "use index '" + target.index().get().name() + "'";
      List<String> boundStatements = columns.isEmpty() ? List.of() : statements.bind(table.name(), columns);
      if (boundStatements.isEmpty()) {
        fixes.add(how + " with a condition on " + (columns.isEmpty() ? "its sort key" : String.join(" and ", columns)));
      }
      // An index keyed like the table (a local secondary index) gives the same statement.
      for (String statement : boundStatements.stream().filter(b -> !suggested.contains(b)).toList()) {
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

  /**
   * The columns of the templates of a target's partition key attributes, in key order, but a
   * sharded partition's shard: keycond computes it, or reads every shard, so a statement need not
   * bind it (and binding it to a guess would read one shard of the rows).
   */
  private static List<String> partitionColumns(EntityTable table, KeyTarget target) {
    Set<String> columns = new LinkedHashSet<>();
    target.keys().partitionAttributes().forEach(a -> columns.addAll(table.template(a).columns()));
    table.mapping().sharding().ifPresent(sharding -> columns.remove(sharding.column()));
    return new ArrayList<>(columns);
  }

  /** Such as "'region'": the partition key attributes of a target whose template has a column no equality binds. */
  private static String missingAttributes(EntityTable table, KeyTarget target, Set<String> bound) {
    return target.keys().partitionAttributes().stream()
        .filter(a -> !bound.containsAll(table.template(a).columns()))
        .map(a -> "'" + a + "'")
        .collect(Collectors.joining(" and "));
  }
}
