package dev.keycond.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Requests per statement, counted on the wire by {@link RequestCounter}: keycond's LIKE and
 * recursive CTE over the photos subtree, against the raw requests that give the same rows. The
 * first statement of a new connection is counted apart, since it also pays for what keycond
 * learns once per connection (DescribeTable).
 */
final class RequestCounts {
  static final String RECURSIVE_SQL = """
      WITH RECURSIVE tree (account, path, size) AS (
        SELECT account, path, size FROM files WHERE account = 'a1' AND path = 'root/photos/'
        UNION ALL
        SELECT f.account, f.path, f.size FROM files f JOIN tree t ON f.parent = t.path AND f.account = t.account)
      SELECT path, size FROM tree""";

  private final String endpoint;

  /** What one statement or walk sent, and the rows it gave. */
  private record Cost(Map<String, Long> requests, long itemsRead, long rows) {
    long requestCount() {
      return requests.values().stream().mapToLong(Long::longValue).sum();
    }

    String requestText() {
      return requests.entrySet().stream().map(e -> e.getValue() + " " + e.getKey())
          .collect(Collectors.joining(" + "));
    }
  }

  RequestCounts(String endpoint) {
    this.endpoint = endpoint;
  }

  Section run() throws SQLException {
    Cost firstKeycond = measure(() -> {
      try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
          Statement statement = connection.createStatement()) {
        return count(statement.executeQuery(FirstRow.SQL));
      }
    });
    Cost likeKeycond;
    Cost cteKeycond;
    Cost likeRaw;
    Cost cteRaw;
    try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
        Statement statement = connection.createStatement();
        DynamoDbClient raw = RawSdk.client(endpoint)) {
      count(statement.executeQuery(FirstRow.SQL));
      likeKeycond = measure(() -> count(statement.executeQuery(FirstRow.SQL)));
      cteKeycond = measure(() -> count(statement.executeQuery(RECURSIVE_SQL)));
      likeRaw = measure(() -> raw.queryPaginator(RawSdk.pathAndSize(DriveTree.PHOTOS)).items().stream().count());
      cteRaw = measure(() -> PerLevelWalk.walk(raw, DriveTree.PHOTOS));
    }
    if (firstKeycond.rows() != likeRaw.rows() || likeKeycond.rows() != likeRaw.rows()
        || cteKeycond.rows() != cteRaw.rows()) {
      throw new IllegalStateException("keycond and the raw requests disagree on the rows: LIKE "
          + likeKeycond.rows() + " vs " + likeRaw.rows() + ", CTE " + cteKeycond.rows() + " vs " + cteRaw.rows());
    }
    StringBuilder md = new StringBuilder();
    md.append("### 4. Requests per statement\n\n")
        .append("Counted on the wire by an SDK `ExecutionInterceptor` installed in every client (keycond's ")
        .append("included); *items read* is DynamoDB's ScannedCount. The recursive CTE is\n\n```sql\n")
        .append(RECURSIVE_SQL).append("\n```\n\n")
        .append("The per-level walk is its evaluation with raw requests: a GetItem for the seed, then one ")
        .append("Query per folder found (`begins_with(SK, folder)` filtered on `parent = folder`, as the ")
        .append("table has no index on `parent`).\n\n")
        .append("| statement | rows | keycond requests | keycond items read | raw baseline | raw requests | raw items read |\n")
        .append("|---|---|---|---|---|---|---|\n");
    row(md, "`path LIKE 'root/photos/%'`, first statement of a new connection", firstKeycond,
        "the same Query, paginated", likeRaw);
    row(md, "`path LIKE 'root/photos/%'`", likeKeycond, "the same Query, paginated", likeRaw);
    row(md, "recursive CTE from `root/photos/`", cteKeycond, "per-level walk", cteRaw);
    List<String> summary = List.of(
        summary("requests, `path LIKE 'root/photos/%'`", likeKeycond, likeRaw, ""),
        summary("requests, recursive CTE", cteKeycond, cteRaw, " (raw: per-level walk)"));
    return new Section(md.toString(), summary);
  }

  private static void row(StringBuilder md, String statement, Cost keycond, String baseline, Cost raw) {
    md.append("| ").append(statement).append(" | ").append(keycond.rows())
        .append(" | ").append(keycond.requestText()).append(" | ").append(keycond.itemsRead())
        .append(" | ").append(baseline)
        .append(" | ").append(raw.requestText()).append(" | ").append(raw.itemsRead()).append(" |\n");
  }

  private static String summary(String measure, Cost keycond, Cost raw, String note) {
    return Section.summaryRow(measure + ", " + keycond.rows() + " rows" + note, Long.toString(keycond.requestCount()),
        Long.toString(raw.requestCount()), Stats.ratio(keycond.requestCount(), raw.requestCount()));
  }

  private interface Rows {
    long read() throws SQLException;
  }

  private static Cost measure(Rows rows) throws SQLException {
    RequestCounter.reset();
    long n = rows.read();
    return new Cost(RequestCounter.sent(), RequestCounter.itemsRead(), n);
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
