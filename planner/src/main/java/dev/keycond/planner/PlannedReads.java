package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ReadSettings;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.ColumnNaming;
import dev.keycond.planner.plan.ScanRefusal;
import dev.keycond.planner.rel.CollectionPart;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.LookupJoin;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;

/**
 * The DynamoDB reads a planned statement will send, checked against the connection's limits
 * before anything is sent: no Scan that the {@code scan} property forbids, no more key reads than
 * {@code maxFanOut}.
 *
 * @param reads the read nodes, including the inner reads of lookup joins
 * @param plans the plan of every read sent: the read nodes', and once each shared item collection's
 */
record PlannedReads(ImmutableList<DynamoRead> reads, ImmutableList<ReadPlan> plans) {

  static PlannedReads of(RelNode plan) {
    List<DynamoRead> reads = new ArrayList<>();
    List<ReadPlan> plans = new ArrayList<>();
    collect(plan, reads, plans);
    return new PlannedReads(ImmutableList.copyOf(reads), ImmutableList.copyOf(plans));
  }

  private static void collect(RelNode node, List<DynamoRead> reads, List<ReadPlan> plans) {
    if (node instanceof DynamoRead read) {
      reads.add(read);
      plans.add(read.plan());
    }
    if (node instanceof LookupJoin lookup) {
      reads.add(lookup.inner());
      plans.add(lookup.inner().plan());
    }
    if (node instanceof CollectionPart part && part.isFirst()) {
      plans.add(part.plan());
    }
    for (RelNode input : node.getInputs()) {
      collect(input, reads, plans);
    }
  }

  /**
   * Why the statement may not run: a read that needs a forbidden Scan, or too many key reads.
   *
   * @param naming how the statement writes the columns the advice names
   */
  Optional<KeycondException> refusal(ReadSettings settings, ColumnNaming naming) {
    for (ReadPlan plan : plans) {
      if (plan.access().isScan() && !settings.scanPolicy().allowed()) {
        return Optional.of(new KeycondException(SqlState.SCAN_REFUSED,
            ScanRefusal.message(plan.table(), settings.scanPolicy(), naming)));
      }
      Optional<KeycondException> fanOut = fanOut(plan, settings.maxFanOut());
      if (fanOut.isPresent()) {
        return fanOut;
      }
    }
    return Optional.empty();
  }

  /** Refuses a read whose IN lists or ORs on key columns need more requests than maxFanOut. */
  private static Optional<KeycondException> fanOut(ReadPlan plan, int maxFanOut) {
    int keys = plan.access().keys().size();
    boolean batched = plan.access().kind() == AccessPath.Kind.GET_ITEM;
    int requests = batched ? (keys + ReadRequestBuilder.BATCH_GET_LIMIT - 1) / ReadRequestBuilder.BATCH_GET_LIMIT
        : keys;
    if (requests <= maxFanOut) {
      return Optional.empty();
    }
    return Optional.of(new KeycondException(SqlState.FAN_OUT_EXCEEDED, "Reading table '" + plan.table().name()
        + "' needs " + requests + (batched ? " BatchGetItem" : " Query") + " requests (one per combination of the "
        + "IN-list or OR values on its key columns, " + keys + " in all), more than maxFanOut=" + maxFanOut
        + ". Use fewer values, or raise the connection property maxFanOut."));
  }
}
