package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.mapping.Constant;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.plan.ServerCondition;
import dev.keycond.planner.plan.ServerConditions;
import dev.keycond.planner.rel.HierarchyWalk;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.TimeToLive;
import dev.keycond.planner.table.EntityTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexNode;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Who checks what a read's key cannot express: DynamoDB, as the FilterExpression of the read's
 * Query or Scan, or the driver, on each item it receives. DynamoDB checks the residual conditions
 * that {@link ServerConditions} translates with exactly SQL's meaning and that
 * {@link ConditionRenderer} can write with the statement's values; the driver checks the rest, and
 * checks again what it sent only on the items whose value may be in an index key alone, which the
 * filter let through. A table whose time to live is enabled drops its expired items
 * the same way, on the server where the read takes a filter, else in the driver.
 *
 * <p>A filter changes what DynamoDB reads by nothing: it reads (and charges) the same items, and
 * returns fewer. Its Limit counts the items it reads, not the items it returns, so a read whose
 * conditions filter anything sends no Limit (see {@link ReadRequestBuilder}).
 */
public final class ReadFilter {
  private final ImmutableList<ServerCondition> sent;
  private final ImmutableList<RexNode> sentConditions;
  private final ImmutableList<RexNode> driverChecks;
  /** Sent conditions the driver checks again on the items that lack one of their columns' attributes. */
  private final ImmutableList<RexNode> rechecks;
  private final Optional<TimeToLive> expiryOnServer;
  private final Optional<TimeToLive> expiryInDriver;
  /** The table's constants DynamoDB checks; the driver checks every constant of every item all the same. */
  private final ImmutableList<Constant> constantsOnServer;
  private final Instant now;
  private final boolean matchesNothing;
  private final Optional<KeyValueBinder> binder;

  private ReadFilter(List<ServerCondition> sent, List<RexNode> sentConditions, List<RexNode> driverChecks,
      List<RexNode> rechecks, Optional<TimeToLive> expiryOnServer, Optional<TimeToLive> expiryInDriver, List<Constant> constantsOnServer,
      Instant now, boolean matchesNothing, Optional<KeyValueBinder> binder) {
    this.constantsOnServer = ImmutableList.copyOf(constantsOnServer);
    this.sent = ImmutableList.copyOf(sent);
    this.sentConditions = ImmutableList.copyOf(sentConditions);
    this.driverChecks = ImmutableList.copyOf(driverChecks);
    this.rechecks = ImmutableList.copyOf(rechecks);
    this.expiryOnServer = expiryOnServer;
    this.expiryInDriver = expiryInDriver;
    this.now = now;
    this.matchesNothing = matchesNothing;
    this.binder = binder;
  }

  /**
   * @param takesFilter whether the read's requests take a FilterExpression: a Query or Scan of the
   *     read's own table, not one whose items other tables of an item collection share
   * @param now the time against which items expire
   */
  static ReadFilter of(ReadPlan plan, StatementSettings settings, Optional<KeyValueBinder> binder,
      boolean takesFilter, Instant now) {
    List<RexNode> residual = plan.residual(binder);
    boolean filters = takesFilter && settings.serverFilters() && isQueryOrScan(plan);
    List<ServerCondition> sent = new ArrayList<>();
    List<RexNode> sentConditions = new ArrayList<>();
    List<RexNode> driver = new ArrayList<>();
    List<RexNode> rechecks = new ArrayList<>();
    boolean nothing = false;
    for (RexNode condition : residual) {
      Optional<ServerCondition> translated = filters && readable(plan, condition)
          ? ServerConditions.filter(plan.table(), condition) : Optional.empty();
      ConditionRenderer.Rendered verdict = translated
          .map(c -> new ConditionRenderer(new Placeholders(), binder).render(c))
          .orElse(ConditionRenderer.NOT_EXPRESSIBLE);
      if (verdict instanceof ConditionRenderer.Rendered.Expression) {
        sent.add(translated.get());
        sentConditions.add(condition);
        if (translated.get() instanceof ServerCondition.UnlessMissing) {
          rechecks.add(condition);
        }
      } else if (verdict instanceof ConditionRenderer.Rendered.Never) {
        nothing = true;
      } else if (verdict instanceof ConditionRenderer.Rendered.NotExpressible) {
        driver.add(condition);
      }
    }
    Optional<TimeToLive> expiry = Expiry.hiding(plan.table(), settings.showExpiredItems());
    boolean expiryOnServer = expiry.isPresent() && filters && readable(plan, Set.of(expiry.get().attribute()));
    List<Constant> constants = plan.table().filteredConstants();
    boolean constantsOnServer = filters && readable(plan,
        constants.stream().map(Constant::attribute).collect(Collectors.toSet()));
    return new ReadFilter(sent, sentConditions, driver, rechecks, expiryOnServer ? expiry : Optional.empty(),
        expiryOnServer ? Optional.empty() : expiry, constantsOnServer ? constants : List.of(), now, nothing, binder);
  }

  /**
   * The checks of a read whose requests take no filter, such as one table's share of an item
   * collection read: the driver checks every residual condition, and drops expired items.
   */
  public static ReadFilter inDriver(ReadPlan plan, StatementSettings settings) {
    return of(plan, settings, Optional.empty(), false, Instant.now());
  }

  /** A Query or Scan reads the items; a GetItem, a BatchGetItem and an upward walk's keys take no filter. */
  private static boolean isQueryOrScan(ReadPlan plan) {
    return plan.access().kind() != AccessPath.Kind.GET_ITEM
        && plan.walk().filter(w -> w.direction() == HierarchyWalk.Direction.UP).isEmpty();
  }

  /**
   * Whether a filter on the read's request may check the condition: DynamoDB refuses a filter on
   * the key attributes of the table or index it reads, and an index that is read for keys only, its
   * items fetched from the table afterwards, holds only the attributes it projects.
   */
  private static boolean readable(ReadPlan plan, RexNode condition) {
    EntityTable table = plan.table();
    Set<String> attributes = new HashSet<>();
    // A column read from its attribute, else an index key, is filtered on its attribute alone.
    RelOptUtil.InputFinder.bits(condition).forEach(c -> attributes.add(table.readFrom(table.column(c)).attribute()));
    return readable(plan, attributes);
  }

  private static boolean readable(ReadPlan plan, Set<String> attributes) {
    EntityTable table = plan.table();
    KeySchema read = plan.access().index().map(i -> i.keys()).orElse(table.source().keys());
    if (attributes.stream().anyMatch(a -> read.isKeyAttribute(a) || table.source().keys().isKeyAttribute(a))) {
      return false;
    }
    return !plan.access().fetchesByBatchGet() || attributes.stream().allMatch(a ->
        carries(plan.access().index().orElseThrow(), a));
  }

  private static boolean carries(SourceIndex index, String attribute) {
    switch (index.projection()) {
      case ALL:
        return true;
      case INCLUDE:
        return index.projectedAttributes().contains(attribute);
      default:
        return false;
    }
  }

  /** The FilterExpression of one request, its names and values allocated in {@code placeholders}. */
  Optional<String> expression(Placeholders placeholders) {
    ConditionRenderer renderer = new ConditionRenderer(placeholders, binder);
    List<String> parts = new ArrayList<>();
    for (ServerCondition condition : sent) {
      if (renderer.render(condition) instanceof ConditionRenderer.Rendered.Expression e) {
        parts.add(e.text());
      } else {
        throw new IllegalStateException("a condition chosen to be sent renders no expression: " + condition);
      }
    }
    expiryOnServer.ifPresent(ttl -> parts.add(((ConditionRenderer.Rendered.Expression) renderer.notExpired(ttl, now))
        .text()));
    for (Constant constant : constantsOnServer) {
      parts.add(((ConditionRenderer.Rendered.Expression) renderer.render(new ServerCondition.HoldsConstant(constant)))
          .text());
    }
    return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(" AND ", parts));
  }

  /** Whether the requests carry a FilterExpression. */
  public boolean filters() {
    return !sent.isEmpty() || expiryOnServer.isPresent() || !constantsOnServer.isEmpty();
  }

  /**
   * The table's constants DynamoDB checks, when another table's items may have this table's keys:
   * then only the constants tell its items apart.
   */
  public List<Constant> constantsOnServer() {
    return constantsOnServer;
  }

  /** The residual conditions DynamoDB checks, as SQL conditions over the table's row. */
  public List<RexNode> sentConditions() {
    return sentConditions;
  }

  /** The residual conditions the driver checks on each item it receives. */
  public List<RexNode> driverChecks() {
    return driverChecks;
  }

  /**
   * The sent conditions whose filter keeps the items that lack the attribute of one of their
   * columns, since such an item may hold the value in an index key alone: the driver checks them
   * again on those items, on the values it decodes.
   */
  public List<RexNode> rechecks() {
    return rechecks;
  }

  /** The time to live whose expired items DynamoDB's filter drops. */
  public Optional<TimeToLive> expiryOnServer() {
    return expiryOnServer;
  }

  /** The time to live whose expired items the driver drops, for a read that takes no filter. */
  public Optional<TimeToLive> expiryInDriver() {
    return expiryInDriver;
  }

  /** Whether the driver drops this item because its time to live has passed. */
  public boolean expiredInDriver(Map<String, AttributeValue> item) {
    return expiryInDriver.isPresent() && expiryInDriver.get().expired(item, now);
  }

  /**
   * Whether some condition is FALSE for every item with the statement's values (a comparison with
   * a NULL parameter), so that the read need not send anything.
   */
  public boolean matchesNothing() {
    return matchesNothing;
  }

  /** Whether the driver checks nothing on the items it receives but which table they belong to. */
  public boolean driverChecksMembershipOnly() {
    return driverChecks.isEmpty() && rechecks.isEmpty() && expiryInDriver.isEmpty();
  }
}
