package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.gateway.WarmUpClient;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.TableBinding;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Plans and runs, without DynamoDB, the kind of statement a connection's first one usually is: a
 * keyed read of one partition, with a prefix condition on the sort key, a condition left to the
 * server, an expression, ORDER BY and LIMIT, over a table that exists only here. A connection runs
 * it on background threads while it talks to DynamoDB, which takes about as long, so that its
 * first statement finds the parser, validator, converter, keycond's rules, the request builders and
 * the read path loaded. Its Query is answered by a {@link WarmUpClient}, which sends nothing.
 */
public final class PlannerWarmUp {
  /**
   * Built, not read from JSON: the connection reads its own mapping meanwhile, and JSON's start-up
   * (Jackson's) would hold up both threads.
   */
  private static final TableMapping TABLE = new TableMapping("t", "WarmUp",
      ImmutableList.of(new Column("account", ColumnType.VARCHAR, "account"),
          new Column("path", ColumnType.VARCHAR, "path"), new Column("size", ColumnType.BIGINT, "size")),
      ImmutableMap.of("PK", KeyTemplate.parse("A#{account}"), "SK", KeyTemplate.parse("{path}")),
      Optional.empty(), ImmutableList.of(), Optional.empty());
  private static final String SQL = "SELECT path, UPPER(path) AS upper_path, size FROM t"
      + " WHERE account = 'a' AND path LIKE 'r/%' AND size > 0 ORDER BY path LIMIT 10";
  private static final Map<String, AttributeValue> ITEM = Map.of("PK", AttributeValue.fromS("A#a"),
      "SK", AttributeValue.fromS("r/x"), "size", AttributeValue.fromN("1"));

  /**
   * Classes whose initialisation is a large part of the warm-up and needs nothing from the rest of
   * it: Calcite's standard operators (every one of them built, about a fifth of the warm-up), and its
   * default metadata providers, which every RelOptCluster sets up though keycond answers metadata
   * with its own handlers (about a tenth, by reflection over every handler). A thread of their own
   * initialises them while the warm-up binds its table, parses and validates: a connection leaves
   * a core idle for much of its start (it waits for DynamoDB), and the two threads fill it.
   */
  private static final List<String> ALONGSIDE = List.of("org.apache.calcite.sql.fun.SqlStdOperatorTable",
      "org.apache.calcite.rel.metadata.DefaultRelMetadataProvider");
  private static final AtomicBoolean STARTED = new AtomicBoolean();

  private PlannerWarmUp() {}

  /**
   * Starts the warm-up on background threads, once per JVM: only the first connection has anything
   * to gain. It runs while the connection reads its mapping and describes its tables, which take
   * about as long and need nothing from it.
   */
  public static void startOnce() {
    if (STARTED.compareAndSet(false, true)) {
      start();
    }
  }

  /** Starts the warm-up's threads; the future completes when both are done, failed or not. */
  public static CompletableFuture<Void> start() {
    return CompletableFuture.allOf(
        daemon("keycond-warm-up-metadata", () -> ALONGSIDE.forEach(PlannerWarmUp::initialise)),
        daemon("keycond-warm-up", PlannerWarmUp::run));
  }

  private static CompletableFuture<Void> daemon(String name, Runnable work) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        work.run();
      } catch (RuntimeException e) {
        // Only a head start is lost; the statement that needs these classes loads them itself.
      } finally {
        done.complete(null);
      }
    }, name);
    thread.setDaemon(true);
    thread.start();
    return done;
  }

  private static void initialise(String className) {
    try {
      Class.forName(className, true, PlannerWarmUp.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(className + " is part of Calcite", e);
    }
  }

  /** Runs the statement; it reads one row. */
  public static long run() {
    EntityTable table = TableBinding.bind(TABLE,
        new SourceTable("WarmUp", new KeySchema("PK", Optional.of("SK")), ImmutableMap.of(), ImmutableList.of()),
        List.of(TABLE));
    StatementSettings settings = StatementSettings.defaults();
    PlannedQuery query = (PlannedQuery) new StatementPlanner(KeycondSchema.of(table), settings).prepare(SQL);
    ExecutionContext context = new ExecutionContext(new DynamoGateway(new WarmUpClient(List.of(ITEM))), List.of(),
        settings, 0);
    long read = 0;
    try (RowCursor rows = query.execute(context)) {
      while (rows.next()) {
        read++;
      }
    }
    return read;
  }
}
