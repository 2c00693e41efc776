package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Warm per-statement latency in this JVM: keycond with a new statement text each time, keycond
 * re-executing one PreparedStatement, and the raw SDK Query, all reading the same 10 rows. Each
 * round runs the three on the same prefix, in a rotating order, so that drift and noise hit them
 * alike. Every measured statement text is used once: the warm-up rounds write their SQL in lower
 * case, so even a plan cache keyed by the whole text would not have seen the measured ones.
 */
final class WarmLatency implements Measurement {
  private static final String SQL_PREFIX = "SELECT path, size FROM files WHERE account = 'a1' AND path LIKE ";
  private static final String WARM_UP_SQL_PREFIX = "select path, size from files where account = 'a1' and path like ";

  /** The three ways of reading the rows, in their report order, and how far above raw each may be. */
  private enum Way {
    NEW_TEXT("keycond, new statement text each time", 1.0),
    PREPARED("keycond, re-executed PreparedStatement", 0.2),
    RAW("raw SDK `Query`", 0);

    final String label;
    final double maxOverheadMillis;

    Way(String label, double maxOverheadMillis) {
      this.label = label;
      this.maxOverheadMillis = maxOverheadMillis;
    }
  }

  private final String endpoint;
  private final int warmUpRounds;
  private final int rounds = DriveTree.TEN_PHOTO_PREFIXES;

  WarmLatency(String endpoint, int warmUpRounds) {
    this.endpoint = endpoint;
    this.warmUpRounds = warmUpRounds;
  }

  @Override
  public Section run() throws Exception {
    Map<Way, List<Double>> times = new EnumMap<>(Way.class);
    Map<Way, WireCost> costs = new EnumMap<>(Way.class);
    for (Way way : Way.values()) {
      times.put(way, new ArrayList<>());
    }
    try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
        Statement statement = connection.createStatement();
        PreparedStatement prepared = connection.prepareStatement(SQL_PREFIX + "?");
        DynamoDbClient raw = RawSdk.client(endpoint)) {
      String prefix0 = DriveTree.tenPhotoPrefix(0);
      costs.put(Way.NEW_TEXT, WireCost.of(() -> count(statement.executeQuery(SQL_PREFIX + "'" + prefix0 + "%'"))));
      costs.put(Way.PREPARED, WireCost.of(() -> {
        prepared.setString(1, prefix0 + "%");
        return count(prepared.executeQuery());
      }));
      costs.put(Way.RAW, WireCost.of(() -> raw(raw, prefix0)));
      WireCost.checkSameRows("warm, new statement text", costs.get(Way.NEW_TEXT), costs.get(Way.RAW));
      WireCost.checkSameRows("warm, re-executed PreparedStatement", costs.get(Way.PREPARED), costs.get(Way.RAW));
      for (int round = 0; round < warmUpRounds + rounds; round++) {
        boolean measured = round >= warmUpRounds;
        String prefix = DriveTree.tenPhotoPrefix(round);
        String text = (measured ? SQL_PREFIX : WARM_UP_SQL_PREFIX) + "'" + prefix + "%'";
        for (int k = 0; k < Way.values().length; k++) {
          Way way = Way.values()[(round + k) % Way.values().length];
          long start = System.nanoTime();
          int rows = switch (way) {
            case NEW_TEXT -> count(statement.executeQuery(text));
            case PREPARED -> {
              prepared.setString(1, prefix + "%");
              yield count(prepared.executeQuery());
            }
            case RAW -> raw(raw, prefix);
          };
          double millis = (System.nanoTime() - start) / 1e6;
          if (rows != 10) {
            throw new IllegalStateException(way.label + " read " + rows + " rows for " + prefix + ", not 10");
          }
          if (measured) {
            times.get(way).add(millis);
          }
        }
      }
    }
    double raw = Stats.median(times.get(Way.RAW));
    StringBuilder md = new StringBuilder();
    md.append("### 2. Warm, per statement\n\n")
        .append("One JVM, one connection, after ").append(warmUpRounds).append(" warm-up rounds; ")
        .append(rounds).append(" measured rounds, each reading the same 10 rows three ways ")
        .append("(`").append(SQL_PREFIX).append("'root/photos/2020/01/img-00%'`, the prefix differing ")
        .append("every round, so no measured text repeats). Time includes reading every row. Requests and ")
        .append("read capacity are those of one more execution of each, counted on the wire.\n\n")
        .append("| way | median | p90 | / raw | overhead (median − raw median) | requests | items read | RCUs |\n")
        .append("|---|---|---|---|---|---|---|---|\n");
    List<SummaryRow> summary = new ArrayList<>();
    for (Way way : Way.values()) {
      double median = Stats.median(times.get(way));
      WireCost cost = costs.get(way);
      if (way != Way.RAW) {
        summary.add(SummaryRow.of("warm, " + way.label.replace("keycond, ", "") + ", 10 rows", median, raw,
            Stats.ms(median), Stats.ms(raw), new Target.Overhead(way.maxOverheadMillis), cost, costs.get(Way.RAW)));
      }
      md.append("| ").append(way.label)
          .append(" | ").append(Stats.ms(median))
          .append(" | ").append(Stats.ms(Stats.percentile(times.get(way), 90)))
          .append(" | ").append(Stats.ratio(median, raw))
          .append(" | ").append(way == Way.RAW ? "—" : Stats.difference(median - raw))
          .append(" | ").append(cost.requestText())
          .append(" | ").append(cost.itemsRead())
          .append(" | ").append(cost.capacityText()).append(" |\n");
    }
    return new Section(md.toString(), summary);
  }

  /** Reads every row's path and size, as an application would; the rows read. */
  static int count(ResultSet rows) throws SQLException {
    int n = 0;
    try (rows) {
      while (rows.next()) {
        rows.getString(1);
        rows.getLong(2);
        n++;
      }
    }
    return n;
  }

  /** The raw SDK's Query of the photos under {@code prefix}, every item's path and size read; the items read. */
  static int raw(DynamoDbClient client, String prefix) {
    return raw(client, prefix, false);
  }

  /** The same, asking for the consumed capacity as keycond does when {@code askCapacity}. */
  static int raw(DynamoDbClient client, String prefix, boolean askCapacity) {
    int n = 0;
    for (Map<String, AttributeValue> item : client.queryPaginator(RawSdk.pathAndSize(prefix, askCapacity)).items()) {
      item.get("SK").s();
      AttributeValue size = item.get("size");
      if (size != null) {
        Long.parseLong(size.n());
      }
      n++;
    }
    return n;
  }
}
