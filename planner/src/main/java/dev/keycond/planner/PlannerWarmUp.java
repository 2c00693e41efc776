package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.gateway.WarmUpClient;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.TableBinding;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Plans and runs, without DynamoDB, the kind of statement a connection's first one usually is: a
 * keyed read of one partition, with a prefix condition on the sort key, a condition left to the
 * server, an expression, ORDER BY and LIMIT, over a table that exists only here. A connection runs
 * it on a background thread while it talks to DynamoDB, which takes about as long, so that its
 * first statement finds the parser, validator, converter, keycond's rules, the request builders and
 * the read path loaded. Its Query is answered by a {@link WarmUpClient}, which sends nothing.
 */
public final class PlannerWarmUp {
  private static final String MAPPING = """
      {"tables": {"t": {"source": "WarmUp",
        "columns": {"account": "VARCHAR", "path": "VARCHAR", "size": "BIGINT"},
        "keys": {"PK": "A#{account}", "SK": "{path}"}}}}""";
  private static final String SQL = "SELECT path, UPPER(path) AS upper_path, size FROM t"
      + " WHERE account = 'a' AND path LIKE 'r/%' AND size > 0 ORDER BY path LIMIT 10";
  private static final Map<String, AttributeValue> ITEM = Map.of("PK", AttributeValue.fromS("A#a"),
      "SK", AttributeValue.fromS("r/x"), "size", AttributeValue.fromN("1"));

  private PlannerWarmUp() {}

  /** Runs the statement; it reads one row. */
  public static long run() {
    EntityTable table = TableBinding.bind(MappingParser.parse(MAPPING, "the warm-up's mapping").table("t").orElseThrow(),
        new SourceTable("WarmUp", new KeySchema("PK", Optional.of("SK")), ImmutableMap.of(), ImmutableList.of()));
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
