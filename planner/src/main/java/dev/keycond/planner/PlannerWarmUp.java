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
import dev.keycond.planner.sql.CalciteDefaults;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.TableBinding;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Plans and runs, without DynamoDB, the kinds of statement a connection's first one usually is,
 * over a table that exists only here: first a simple SELECT (a prefix Query) and a keyed UPDATE as
 * frameworks send it, both planned without Calcite's front end, then a keyed read with a condition
 * left to the server, an expression, ORDER BY and LIMIT, planned through it. A first connection
 * runs the simple ones on a background thread while it talks to DynamoDB, which takes longer, so
 * that its first statement finds the simple planners, the request builders and the read and keyed
 * write paths loaded; and the other once it is open and its first statement is over
 * ({@code FirstStatement}), so that Calcite's parser, validator, converter and keycond's rules are
 * loaded by the time a later statement needs them, without taking a core from the connection while
 * it connects (on 2 cores, both halves side by side made the connection slower than connecting
 * alone by about as much as it won) nor from a first statement that needs none of it (beside a
 * first keyed UPDATE, it made the UPDATE 40 to 60 ms slower once connected). A first statement
 * that needs Calcite loads it on its own thread, as it did when the warm-up had not got that far.
 * Their requests are answered by a {@link WarmUpClient}, which sends nothing.
 */
public final class PlannerWarmUp {
  private static final String SIMPLE_SQL = "SELECT path, size FROM t WHERE account = 'a' AND path LIKE 'r/%'";
  private static final String SIMPLE_UPDATE_SQL = "UPDATE t SET size = ? WHERE account = ? AND path = ?";
  private static final String SQL = "SELECT path, UPPER(path) AS upper_path, size FROM t"
      + " WHERE account = 'a' AND path LIKE 'r/%' AND size > 0 ORDER BY path LIMIT 10";

  /**
   * Classes whose initialisation is a large part of the warm-up, initialised first: Calcite's
   * standard operators (every one of them built), whose comparison operators every condition uses,
   * and its default metadata providers, which every RelOptCluster sets up though keycond answers
   * metadata with its own handlers (by reflection over every handler). One thread does all of the
   * warm-up: on 2 cores, a second one beside the connection and the JIT's compilers made the
   * connection slower than it saved.
   */
  private static final List<String> ALONGSIDE = List.of("org.apache.calcite.sql.fun.SqlStdOperatorTable",
      "org.apache.calcite.rel.metadata.DefaultRelMetadataProvider");
  private static final AtomicBoolean STARTED = new AtomicBoolean();
  /** Completed when the first connection is open (or has failed): the rest of the warm-up may begin. */
  private static final CompletableFuture<Void> CONNECTED = new CompletableFuture<>();
  private static final FirstStatement FIRST_STATEMENT = new FirstStatement();
  /**
   * How long after the first connection opens the rest of the warm-up waits for a first statement:
   * a framework prepares one at once, a tool waits for its user.
   */
  private static final Duration FIRST_STATEMENT_WAIT = Duration.ofMillis(50);

  private PlannerWarmUp() {}

  /**
   * Starts the warm-up on a background thread, once per JVM: only the first connection has anything
   * to gain. Its simple statement runs while the connection reads its mapping and describes its
   * tables, which take longer and need nothing from it; the rest waits for {@link #connected}, then
   * for its first statement to be over.
   */
  public static void startOnce() {
    if (STARTED.compareAndSet(false, true)) {
      start(() -> {
        CONNECTED.join();
        FIRST_STATEMENT.await(FIRST_STATEMENT_WAIT);
      });
    }
  }

  /** Says that the first connection is open, or failed to open. */
  public static void connected() {
    CONNECTED.complete(null);
  }

  /** Says that a statement is being prepared. */
  public static void statementBegins() {
    FIRST_STATEMENT.begins();
  }

  /** Says that a statement was closed or could not be prepared, or that a connection closed. */
  public static void statementOver() {
    FIRST_STATEMENT.over();
  }

  /**
   * Starts the whole warm-up at once, as a connection would run it with nothing else to do; the
   * future completes when it is done, failed or not.
   */
  public static CompletableFuture<Void> start() {
    return start(() -> {});
  }

  /** @param beforeCalcite returns when the half planned through Calcite may begin */
  private static CompletableFuture<Void> start(Runnable beforeCalcite) {
    // Before any thread starts Calcite, which reads its defaults once.
    CalciteDefaults.apply();
    return daemon("keycond-warm-up", () -> {
      ALONGSIDE.forEach(PlannerWarmUp::initialise);
      runSimple();
      beforeCalcite.run();
      runThroughCalcite();
    });
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

  /** Runs the three statements, as {@link #start()} does; each reads or writes one row. */
  public static long run() {
    return runSimple() + runThroughCalcite();
  }

  /**
   * Plans and runs the simple statements.
   *
   * @throws IllegalStateException when one is not planned without Calcite's front end
   */
  private static long runSimple() {
    StatementPlanner planner = planner();
    long rows = read(planner, SIMPLE_SQL) + write(planner, SIMPLE_UPDATE_SQL, List.of(2L, "a", "r/x"));
    if (planner.cacheStatistics().simplePlans() != 2) {
      throw new IllegalStateException(SIMPLE_SQL + " or " + SIMPLE_UPDATE_SQL + " was planned through Calcite");
    }
    return rows;
  }

  private static long runThroughCalcite() {
    return read(planner(), SQL);
  }

  /**
   * A planner over the warm-up's table. The table is built here, on the warm-up's thread, not when
   * the class is initialised by the connection that starts it; and built, not read from JSON: the
   * connection reads its own mapping meanwhile, and JSON's start-up (Jackson's) would hold up both.
   */
  private static StatementPlanner planner() {
    TableMapping mapping = new TableMapping("t", "WarmUp",
        ImmutableList.of(new Column("account", ColumnType.VARCHAR, "account"),
            new Column("path", ColumnType.VARCHAR, "path"), new Column("size", ColumnType.BIGINT, "size")),
        ImmutableMap.of("PK", KeyTemplate.parse("A#{account}"), "SK", KeyTemplate.parse("{path}")),
        Optional.empty(), ImmutableList.of(), Optional.empty());
    EntityTable table = TableBinding.bind(mapping,
        new SourceTable("WarmUp", new KeySchema("PK", Optional.of("SK")), ImmutableMap.of(), ImmutableList.of()),
        List.of(mapping));
    return new StatementPlanner(KeycondSchema.of(table), StatementSettings.defaults());
  }

  /** A run of the planner's statements against a client that sends nothing and knows one item of its table. */
  private static ExecutionContext context(StatementPlanner planner) {
    Map<String, AttributeValue> item = Map.of("PK", AttributeValue.fromS("A#a"), "SK", AttributeValue.fromS("r/x"),
        "size", AttributeValue.fromN("1"));
    return new ExecutionContext(new DynamoGateway(new WarmUpClient(List.of(item))), List.of(), planner.settings(), 0);
  }

  private static long write(StatementPlanner planner, String sql, List<Object> parameters) {
    PlannedUpdate update = (PlannedUpdate) planner.prepare(sql);
    return update.execute(context(planner), List.of(parameters), false).counts()[0];
  }

  private static long read(StatementPlanner planner, String sql) {
    PlannedQuery query = (PlannedQuery) planner.prepare(sql);
    long read = 0;
    try (RowCursor rows = query.execute(context(planner))) {
      while (rows.next()) {
        read++;
      }
    }
    return read;
  }
}
