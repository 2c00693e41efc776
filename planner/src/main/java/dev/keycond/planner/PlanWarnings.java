package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.exec.ScanPolicy;
import dev.keycond.planner.explain.ExpressionFormatter;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.ReadPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rex.RexNode;

/**
 * What a statement's reads cost beyond their key conditions: full Scans that the {@code scan}
 * property permits, and items read only to be discarded by conditions checked in the driver.
 * Which conditions those are can depend on the parameters (a LIKE pattern given as a parameter).
 */
public final class PlanWarnings {
  private final ImmutableList<DynamoRead> reads;
  private final ScanPolicy scanPolicy;

  PlanWarnings(List<DynamoRead> reads, ScanPolicy scanPolicy) {
    this.reads = ImmutableList.copyOf(reads);
    this.scanPolicy = scanPolicy;
  }

  /** @param parameters the statement's parameter values, or empty when they are not all set */
  public List<String> at(Optional<List<Object>> parameters) {
    List<String> warnings = new ArrayList<>();
    for (DynamoRead read : reads) {
      ReadPlan plan = read.plan();
      String table = plan.table().name();
      if (plan.access().isScan()) {
        warnings.add("Table '" + table + "' is read with a full Scan of DynamoDB table '"
            + plan.table().source().name() + "' (scan=" + scanPolicy + ")");
      }
      List<RexNode> residual = parameters.map(p -> plan.residual(new KeyValueBinder(p))).orElseGet(plan::residual);
      if (!residual.isEmpty()) {
        ExpressionFormatter formatter = new ExpressionFormatter(
            plan.table().columns().stream().map(c -> c.name()).toList());
        warnings.add("Table '" + table + "': the driver reads items and then discards those that fail "
            + String.join(" AND ", residual.stream().map(formatter::format).toList())
            + "; the key condition cannot express it");
      }
    }
    return warnings;
  }
}
