package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.BoundStatements;
import dev.keycond.planner.plan.ScanRefusal;
import dev.keycond.planner.plan.ScanUse;
import dev.keycond.planner.rel.CollectionPart;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.DynamoWrite;
import dev.keycond.planner.write.WritePlan;
import dev.keycond.planner.rel.KeycondRelVisitor;
import dev.keycond.planner.rel.LookupJoin;
import dev.keycond.planner.rel.ReadPlan;
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
    KeycondRelVisitor.visit(node, new KeycondRelVisitor<Void>() {
      @Override
      public Void read(DynamoRead read) {
        reads.add(read);
        plans.add(read.plan());
        return null;
      }

      @Override
      public Void collectionPart(CollectionPart part) {
        // The collection's requests are sent once, for all its parts.
        if (part.isFirst()) {
          plans.add(part.plan());
        }
        return null;
      }

      @Override
      public Void lookupJoin(LookupJoin lookup) {
        reads.add(lookup.inner());
        plans.add(lookup.inner().plan());
        return calcite(lookup);
      }

      @Override
      public Void write(DynamoWrite write) {
        if (write.write() instanceof WritePlan.ChangeRows change) {
          // The rows to change are found by a read that must be allowed like any other; a write by
          // key reads nothing, and a slice's items are all written, so neither warns of discarded items.
          plans.add(change.target());
          return null;
        }
        return calcite(write);
      }

      @Override
      public Void calcite(RelNode other) {
        for (RelNode input : other.getInputs()) {
          collect(input, reads, plans);
        }
        return null;
      }
    });
  }

  /**
   * What running the statement would warn of: nothing of its reads when it is refused, whose
   * EXPLAIN shows the refusal, for none of them is sent.
   */
  PlanWarnings warnings(StatementSettings settings, ImmutableList<String> stated, Optional<KeycondException> refusal) {
    return new PlanWarnings(refusal.isPresent() ? List.of() : reads, settings, stated);
  }

  /**
   * Why the statement may not run: a read that needs a forbidden Scan, or too many key reads.
   *
   * @param use whether the Scans would find rows to read or rows to change
   * @param statements the statement with key conditions added, for the advice
   */
  Optional<KeycondException> refusal(StatementSettings settings, ScanUse use, BoundStatements statements) {
    for (ReadPlan plan : plans) {
      if (plan.access().isScan() && !use.permittedBy(settings.scanPolicy())) {
        return Optional.of(new KeycondException(SqlState.SCAN_REFUSED,
            ScanRefusal.message(plan.table(), plan.conditions(), settings.scanPolicy(), use, statements)));
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
    int requests = batched ? (keys + BatchGetItem.MAX_KEYS - 1) / BatchGetItem.MAX_KEYS
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
