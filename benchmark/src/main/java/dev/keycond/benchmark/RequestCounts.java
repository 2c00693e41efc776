package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Requests per statement, counted on the wire by {@link RequestCounter}: keycond's LIKE and
 * recursive CTE over the photos subtree, against the raw requests that give the same rows. The
 * first statement of a new connection is counted apart, since it also pays for what keycond
 * learns once per connection (DescribeTable).
 */
final class RequestCounts implements Measurement {
  static final String RECURSIVE_SQL = """
      WITH RECURSIVE tree (account, path, size) AS (
        SELECT account, path, size FROM files WHERE account = 'a1' AND path = 'root/photos/'
        UNION ALL
        SELECT f.account, f.path, f.size FROM files f JOIN tree t ON f.parent = t.path AND f.account = t.account)
      SELECT path, size FROM tree""";

  private final String endpoint;

  RequestCounts(String endpoint) {
    this.endpoint = endpoint;
  }

  @Override
  public Section run() throws Exception {
    WireCost firstKeycond = WireCost.of(() -> {
      try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
          Statement statement = connection.createStatement()) {
        return count(statement.executeQuery(FirstRow.SQL));
      }
    });
    WireCost likeKeycond;
    WireCost cteKeycond;
    WireCost likeRaw;
    WireCost cteRaw;
    try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
        Statement statement = connection.createStatement();
        DynamoDbClient raw = RawSdk.client(endpoint)) {
      count(statement.executeQuery(FirstRow.SQL));
      likeKeycond = WireCost.of(() -> count(statement.executeQuery(FirstRow.SQL)));
      cteKeycond = WireCost.of(() -> count(statement.executeQuery(RECURSIVE_SQL)));
      likeRaw = WireCost.of(() -> raw.queryPaginator(RawSdk.pathAndSize(DriveTree.PHOTOS)).items().stream().count());
      cteRaw = WireCost.of(() -> PerLevelWalk.walk(raw, DriveTree.PHOTOS));
    }
    if (firstKeycond.rows() != likeRaw.rows() || likeKeycond.rows() != likeRaw.rows()
        || cteKeycond.rows() != cteRaw.rows()) {
      throw new IllegalStateException("keycond and the raw requests disagree on the rows: LIKE "
          + likeKeycond.rows() + " vs " + likeRaw.rows() + ", CTE " + cteKeycond.rows() + " vs " + cteRaw.rows());
    }
    StringBuilder md = new StringBuilder();
    md.append("### 5. Requests per statement\n\n")
        .append("Counted on the wire by an SDK `ExecutionInterceptor` installed in every client (keycond's ")
        .append("included); *items read* is DynamoDB's ScannedCount. The recursive CTE is\n\n```sql\n")
        .append(RECURSIVE_SQL).append("\n```\n\n")
        .append("The per-level walk is its evaluation with raw requests: a GetItem for the seed, then one ")
        .append("Query per folder found (`begins_with(SK, folder)` filtered on `parent = folder`, as the ")
        .append("table has no index on `parent`).\n\n")
        .append("| statement | rows | keycond requests | keycond items read | keycond RCUs | raw baseline | raw requests ")
        .append("| raw items read | raw RCUs |\n|---|---|---|---|---|---|---|---|---|\n");
    row(md, "`path LIKE 'root/photos/%'`, first statement of a new connection", firstKeycond,
        "the same Query, paginated", likeRaw);
    row(md, "`path LIKE 'root/photos/%'`", likeKeycond, "the same Query, paginated", likeRaw);
    row(md, "recursive CTE from `root/photos/`", cteKeycond, "per-level walk", cteRaw);
    List<SummaryRow> summary = List.of(
        summary("requests, `path LIKE 'root/photos/%'`", likeKeycond, likeRaw, ""),
        summary("requests, recursive CTE", cteKeycond, cteRaw, " (raw: per-level walk)"));
    return new Section(md.toString(), summary);
  }

  private static void row(StringBuilder md, String statement, WireCost keycond, String baseline, WireCost raw) {
    md.append("| ").append(statement).append(" | ").append(keycond.rows())
        .append(" | ").append(keycond.requestText()).append(" | ").append(keycond.itemsRead())
        .append(" | ").append(keycond.capacityText())
        .append(" | ").append(baseline)
        .append(" | ").append(raw.requestText()).append(" | ").append(raw.itemsRead())
        .append(" | ").append(raw.capacityText()).append(" |\n");
  }

  private static SummaryRow summary(String measure, WireCost keycond, WireCost raw, String note) {
    return SummaryRow.of(measure + ", " + keycond.rows() + " rows" + note, keycond.requestCount(), raw.requestCount(),
        Long.toString(keycond.requestCount()), Long.toString(raw.requestCount()), new Target.None(), keycond, raw);
  }

  private static long count(ResultSet rows) throws SQLException {
    long n = 0;
    try (rows) {
      while (rows.next()) {
        n++;
      }
    }
    return n;
  }
}
