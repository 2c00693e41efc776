package dev.keycond.planner.session;

import dev.keycond.planner.PlanCacheStatistics;
import dev.keycond.planner.PlannedStatement;
import dev.keycond.planner.PlannedText;
import dev.keycond.planner.PlannerWarmUp;
import dev.keycond.planner.StatementPlanner;
import dev.keycond.planner.cost.CostMeter;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.gateway.DynamoCatalog;
import dev.keycond.planner.gateway.DynamoClients;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.gateway.PendingClient;
import dev.keycond.planner.gateway.StatementCall;
import dev.keycond.planner.mapping.Mapping;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.table.EntityTable;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One session with DynamoDB, the planner's front door: it owns the client, the gateway its
 * statements' requests go through, the catalog of tables the mapping binds, the settings, and the
 * plans kept for its texts. A JDBC connection is one session; it plans and runs statements through
 * it and knows nothing of what lies behind.
 */
public final class Session implements AutoCloseable {
  private final DynamoDbClient client;
  private final DynamoGateway gateway;
  private final KeycondSchema schema;
  private final StatementPlanner planner;

  private Session(DynamoDbClient client, KeycondSchema schema, StatementPlanner planner) {
    this.client = client;
    this.gateway = new DynamoGateway(client);
    this.schema = schema;
    this.planner = planner;
  }

  /**
   * Opens a session: reads the mapping while the client is built, and binds every mapped table to
   * what DescribeTable says, so that a bad mapping or an unreachable endpoint fails here. The first
   * session of a JVM also starts the planner's warm-up beside it.
   *
   * @param loginTimeoutSeconds how long connecting may take; 0 for the client's own limits
   * @throws dev.keycond.planner.error.KeycondException when the mapping or DynamoDB refuses
   */
  public static Session open(SessionOptions options, int loginTimeoutSeconds) {
    PlannerWarmUp.startOnce();
    PendingClient client = PendingClient.start(options.client());
    try {
      Mapping mapping = MappingParser.load(options.mapping().orElse(null));
      KeycondSchema schema = KeycondSchema.open(DynamoCatalog.connecting(client.get(), loginTimeoutSeconds), mapping);
      return new Session(client.get(), schema, new StatementPlanner(schema, options.statements(), options.planCache()));
    } catch (RuntimeException e) {
      client.abandon();
      throw e;
    }
  }

  /**
   * Plans a statement, or finds the plan kept for its text.
   *
   * @param maxRows 0 for no limit
   */
  public PlannedStatement prepare(String sql, long maxRows) {
    return planner.prepare(sql, maxRows);
  }

  /**
   * Plans a plain statement's text, sharing the plan of texts of its shape where it can.
   *
   * @param maxRows 0 for no limit
   */
  public PlannedText prepareText(String sql, long maxRows) {
    return planner.prepareText(sql, maxRows);
  }

  /**
   * An execution of a statement that begins now, with these parameter values.
   *
   * @param timeoutMillis how long it may run; 0 for no limit
   * @param cost where its requests are counted
   */
  public ExecutionContext execution(List<Object> parameters, long timeoutMillis, CostMeter cost) {
    return new ExecutionContext(gateway, parameters, planner.settings(), new StatementCall(timeoutMillis, cost));
  }

  public StatementSettings settings() {
    return planner.settings();
  }

  /** The tables statements and metadata see. */
  public KeycondSchema schema() {
    return schema;
  }

  /** What the plan cache has done: statements planned, and those that found a plan for their text or shape. */
  public PlanCacheStatistics planCacheStatistics() {
    return planner.cacheStatistics();
  }

  /**
   * What the session reaches, for people: the endpoint, the region and the tables, mapped ones
   * first, such as "DynamoDB at http://127.0.0.1:8000 (region us-east-1): mapped tables files,
   * workspaces, projects; tables without a mapping: Events".
   */
  public String describe() {
    List<String> mapped = schema.mappedTables().stream().map(EntityTable::name).toList();
    List<String> raw = schema.tableNames().stream().filter(name -> !mapped.contains(name)).toList();
    return "DynamoDB at " + DynamoClients.endpoint(client) + " (region "
        + client.serviceClientConfiguration().region().id() + "): "
        + (mapped.isEmpty() ? "no mapped tables" : "mapped tables " + String.join(", ", mapped)) + "; "
        + (raw.isEmpty() ? "no tables without a mapping" : "tables without a mapping: " + String.join(", ", raw));
  }

  /** Whether DynamoDB answers within {@code timeout}: only a request tells. */
  public boolean answers(Duration timeout) {
    return new DynamoCatalog(client).answers(timeout);
  }

  @Override
  public void close() {
    client.close();
  }
}
