package dev.keycond.planner;

import com.google.common.base.Supplier;
import com.google.common.base.Suppliers;
import com.google.common.collect.ImmutableList;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.plan.ExpressionFormatter;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.plan.ParameterText;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadFilter;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/**
 * What a statement's reads cost beyond their key conditions: full Scans that the {@code scan}
 * property permits, and items read only to be discarded, by DynamoDB's FilterExpression or by
 * conditions checked in the driver.
 * Which conditions those are can depend on the parameters (a LIKE pattern given as a parameter).
 * A read that sends no request (its key conditions match no item, such as a bound past what a
 * zero-padded slot holds) costs nothing, and gets no warning.
 */
public final class PlanWarnings {
  /**
   * The reads that can warn with some parameter values: a Scan, conditions left to the driver, the
   * constants that tell a table's items from another's, a walk's conditions. Only they are looked at again each time the statement runs.
   */
  private final ImmutableList<DynamoRead> mayWarn;
  private final StatementSettings settings;
  /**
   * Whether a read walks a hierarchy, which reads its slices whole and keeps only the rows it
   * reaches, or reads an index by values that an item found may not read as.
   */
  private final boolean mayDiscard;

  /** What the statement's text itself warns of, whatever the parameters: a column read as a function. */
  private final ImmutableList<String> stated;

  PlanWarnings(List<DynamoRead> reads, StatementSettings settings) {
    this(reads, settings, ImmutableList.of());
  }

  PlanWarnings(List<DynamoRead> reads, StatementSettings settings, ImmutableList<String> stated) {
    this.mayWarn = reads.stream().filter(r -> mayWarn(r.plan())).collect(ImmutableList.toImmutableList());
    this.settings = settings;
    this.mayDiscard = reads.stream().anyMatch(r -> r.plan().walk().isPresent() || !r.plan().keyRechecks().isEmpty());
    this.stated = stated;
  }

  private static boolean mayWarn(ReadPlan plan) {
    return plan.access().isScan() || !plan.residual().isEmpty() || !plan.table().filteredConstants().isEmpty()
        || plan.walk().filter(w -> !w.rootConditions().isEmpty() || !w.stepConditions().isEmpty()).isPresent();
  }

  /**
   * Whether the reads may throw items away even when no warning is due beforehand: a hierarchy walk
   * reads its slices whole and keeps only the rows the recursion reaches; an index read drops the
   * items whose attributes contradict the index key they were found by (written by another client).
   */
  public boolean mayDiscard() {
    return mayDiscard;
  }

  /**
   * @param parameters the statement's parameter values, or empty when they are not all set
   * @param parameterText how the parameters read in the conditions a warning names
   */
  public List<String> at(Optional<List<Object>> parameters, ParameterText parameterText) {
    List<String> warnings = new ArrayList<>(stated);
    for (DynamoRead read : mayWarn) {
      List<String> readWarnings = warnings(read.plan(), parameters, parameterText);
      // Only a read that would warn is built, to learn whether it sends anything: the requests of
      // every read are built again when the statement runs.
      if (!readWarnings.isEmpty() && !sendsNothing(read.plan(), parameters)) {
        warnings.addAll(readWarnings);
      }
    }
    return warnings;
  }

  /** What one read would warn of, if it sends any request. */
  private List<String> warnings(ReadPlan plan, Optional<List<Object>> parameters, ParameterText parameterText) {
    List<String> warnings = new ArrayList<>();
    String table = plan.table().name();
    if (plan.access().isScan()) {
      warnings.add("Table '" + table + "' is read with a full Scan of DynamoDB table '"
          + plan.table().source().name() + "' (scan=" + settings.scanPolicy() + ")");
    }
    List<RexNode> residual = plan.residual(parameters.map(KeyValueBinder::new));
    // Most runs have nothing to write: the column names are listed only for a condition to name.
    Supplier<ExpressionFormatter> formatter =
        Suppliers.memoize(() -> ExpressionFormatter.of(plan.table(), parameterText));
    if (!residual.isEmpty() || !plan.table().filteredConstants().isEmpty()) {
      ReadFilter filter = new ReadRequestBuilder(plan, settings, parameters).filter();
      List<String> sent = new ArrayList<>();
      filter.sentConditions().forEach(c -> sent.add(formatter.get().format(c)));
      filter.constantsOnServer().forEach(c -> sent.add(c.toString()));
      if (!sent.isEmpty()) {
        warnings.add("Table '" + table + "': DynamoDB reads items and then discards those that fail "
            + String.join(" AND ", sent)
            + " (FilterExpression), and charges for every item it reads; the key condition cannot express it");
      }
      if (!filter.driverChecks().isEmpty()) {
        warnings.add("Table '" + table + "': the driver reads items and then discards those that fail "
            + String.join(" AND ", filter.driverChecks().stream().map(formatter.get()::format).toList())
            + "; the key condition cannot express it");
      }
    }
    plan.walk().filter(w -> !w.rootConditions().isEmpty() || !w.stepConditions().isEmpty()).ifPresent(w -> {
      List<String> conditions = new ArrayList<>();
      w.rootConditions().forEach(c -> conditions.add("the start where " + formatter.get().format(c)));
      w.stepConditions().forEach(c -> conditions.add("each row it reaches where " + formatter.get().format(c)));
      warnings.add("Table '" + table + "': the recursive walk keeps only " + String.join(", and ", conditions)
          + "; the items it reads past a row it rejects are discarded");
    });
    return warnings;
  }

  /**
   * Whether the read sends no request at all. A read that depends on the outer row of a correlated
   * subquery is only known when it runs, and is taken to send some.
   */
  private boolean sendsNothing(ReadPlan plan, Optional<List<Object>> parameters) {
    return !plan.access().isScan() && plan.conditions().stream().noneMatch(RexUtil::containsCorrelation)
        && new ReadRequestBuilder(plan, settings, parameters).build().requests().isEmpty();
  }
}
