package dev.keycond.planner.request;

import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.settings.StatementSettings;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.util.Util;

/**
 * What a read's requests keep from one execution to the next, for one plan and one set of
 * settings: the filter, the projection and, for each form the values take (a key condition that
 * matches nothing, a prefix that is empty, a Limit or none), the request's expressions and
 * placeholders, checked once. An execution then only binds its key values into them.
 *
 * <p>The values decide the filter in two ways, and the template is used only where they cannot:
 * a residual condition that holds a parameter is rendered (or not) with its value, and a LIKE
 * whose pattern is a parameter is dropped when the pattern is a prefix and {@code %}. So an
 * execution's builder is shared with the earlier ones whose values dropped the same residual
 * conditions, when the conditions left hold no parameter; else it is built anew, as it is for a
 * read that depends on an outer row or on the time (a time to live compared with each execution's
 * clock). What is shared is what a builder for the new values would work out again, to the same
 * result: the tests compare the two for the parameterized statements of the SQL tests.
 */
public final class ReadRequestTemplate {
  /** The most residual conditions whose dropping the template tells apart, one bit each. */
  private static final int MAX_CONDITIONS = Long.SIZE - 1;

  private final ReadPlan plan;
  private final StatementSettings settings;
  /** The plan's residual conditions as planned, before any parameter drops one. */
  private final List<RexNode> residual;
  /** Bit i is set when residual condition i holds a parameter, which its value may render differently. */
  private final long withParameters;
  /** Whether any execution can share its builder: the plan depends on no outer row and no clock. */
  private final boolean shares;
  /** The shared builders, by the residual conditions the values left (bit i for condition i). */
  private final ConcurrentMap<Long, ReadRequestBuilder> builders = new ConcurrentHashMap<>();

  public ReadRequestTemplate(ReadPlan plan, StatementSettings settings) {
    this.plan = plan;
    this.settings = settings;
    this.residual = plan.residual();
    long parameterized = 0;
    for (int i = 0; i < residual.size() && i < MAX_CONDITIONS; i++) {
      if (holdsParameterOrOuterRow(residual.get(i))) {
        parameterized |= 1L << i;
      }
    }
    this.withParameters = parameterized;
    boolean expiresByClock = !settings.showExpiredItems() && plan.table().source().timeToLive().isPresent();
    this.shares = residual.size() <= MAX_CONDITIONS && !expiresByClock
        && plan.conditions().stream().noneMatch(RexUtil::containsCorrelation);
  }

  /** The settings the template was made for; another execution's may differ. */
  public StatementSettings settings() {
    return settings;
  }

  /**
   * The builder for one execution's values: one that shares what earlier executions worked out,
   * when the values leave the filter as theirs did, else a new one.
   */
  public ReadRequestBuilder builder(KeyValueBinder binder) {
    if (!shares) {
      return new ReadRequestBuilder(plan, settings, binder);
    }
    long left = leftConditions(plan.residual(binder));
    if (left < 0 || (left & withParameters) != 0) {
      return new ReadRequestBuilder(plan, settings, binder);
    }
    ReadRequestBuilder shared = builders.get(left);
    if (shared == null) {
      ReadRequestBuilder first = ReadRequestBuilder.keepingTemplates(plan, settings, binder);
      shared = builders.putIfAbsent(left, first);
      return shared == null ? first : shared.rebind(binder);
    }
    return shared.rebind(binder);
  }

  /**
   * The residual conditions left with an execution's values, one bit for each of the plan's; -1
   * when they are not a selection of the plan's, in order, which no execution gives.
   */
  private long leftConditions(List<RexNode> left) {
    long bits = 0;
    int next = 0;
    for (RexNode condition : left) {
      while (next < residual.size() && residual.get(next) != condition) {
        next++;
      }
      if (next == residual.size()) {
        return -1;
      }
      bits |= 1L << next;
      next++;
    }
    return bits;
  }

  private static boolean holdsParameterOrOuterRow(RexNode condition) {
    if (RexUtil.containsCorrelation(condition)) {
      return true;
    }
    try {
      condition.accept(new RexVisitorImpl<Void>(true) {
        @Override
        public Void visitDynamicParam(RexDynamicParam dynamicParam) {
          throw Util.FoundOne.NULL;
        }
      });
      return false;
    } catch (Util.FoundOne found) {
      return true;
    }
  }
}
