package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Warm streaming in this JVM: a whole partition of {@value DriveTree#PARTITION_ITEMS} items of
 * about 1 KB (several 1 MB pages), read by keycond with {@code SELECT *} and by the raw SDK's
 * paginated Query, every column or attribute of every item read. After warm-up rounds, each round
 * reads it both ways in alternating order.
 */
final class WarmStreaming implements Measurement {
  static final String SQL = "SELECT * FROM files WHERE account = '" + DriveTree.PARTITION_ACCOUNT + "'";
  private static final int WARM_UP_ROUNDS = 5;
  private static final int ROUNDS = 15;

  private final String endpoint;

  WarmStreaming(String endpoint) {
    this.endpoint = endpoint;
  }

  @Override
  public Section run() throws Exception {
    List<Double> keycondTimes = new ArrayList<>();
    List<Double> rawTimes = new ArrayList<>();
    WireCost keycondCost;
    WireCost rawCost;
    try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
        Statement statement = connection.createStatement();
        DynamoDbClient raw = RawSdk.client(endpoint)) {
      QueryRequest partition = partitionQuery();
      keycondCost = WireCost.of(() -> StreamSubtree.readAll(statement.executeQuery(SQL)));
      rawCost = WireCost.of(() -> StreamSubtree.stream(raw, partition));
      WireCost.checkSameRows("warm streaming", keycondCost, rawCost);
      for (int round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
        boolean keycondFirst = round % 2 == 0;
        for (int k = 0; k < 2; k++) {
          boolean keycond = keycondFirst == (k == 0);
          long start = System.nanoTime();
          long rows = keycond ? StreamSubtree.readAll(statement.executeQuery(SQL)) : StreamSubtree.stream(raw, partition);
          double millis = (System.nanoTime() - start) / 1e6;
          if (rows != DriveTree.PARTITION_ITEMS) {
            throw new IllegalStateException((keycond ? "keycond" : "the raw SDK") + " read " + rows + " rows");
          }
          if (round >= WARM_UP_ROUNDS) {
            (keycond ? keycondTimes : rawTimes).add(millis);
          }
        }
      }
    }
    double keycond = Stats.median(keycondTimes);
    double raw = Stats.median(rawTimes);
    String md = "### 4. Warm streaming\n\n"
        + "`" + SQL + "`: the whole partition, " + DriveTree.PARTITION_ITEMS + " items of about 1 KB, against the raw "
        + "SDK's paginated `Query` of the same partition, in the benchmark's JVM after " + WARM_UP_ROUNDS
        + " warm-up rounds; " + ROUNDS + " rounds, alternating which goes first. Every column (keycond) or "
        + "attribute (raw) of every item is read.\n\n"
        + "| reader | median | p90 | / raw | requests | items read | RCUs |\n|---|---|---|---|---|---|---|\n"
        + "| keycond ResultSet | " + Stats.ms(keycond) + " | " + Stats.ms(Stats.percentile(keycondTimes, 90)) + " | "
        + Stats.ratio(keycond, raw) + " | " + keycondCost.requestText() + " | " + keycondCost.itemsRead() + " | "
        + keycondCost.capacityText() + " |\n"
        + "| raw SDK paginator | " + Stats.ms(raw) + " | " + Stats.ms(Stats.percentile(rawTimes, 90)) + " | 1.00× | "
        + rawCost.requestText() + " | " + rawCost.itemsRead() + " | " + rawCost.capacityText() + " |\n";
    return new Section(md, List.of(SummaryRow.of("warm streaming of a " + DriveTree.PARTITION_ITEMS
        + "-item partition (raw: paginated Query)", keycond, raw, Stats.ms(keycond), Stats.ms(raw),
        new Target.Ratio(1.1), keycondCost, rawCost)));
  }

  /** The whole partition, as keycond reads it: {@code PK = DRIVE#a2}, no projection. */
  private static QueryRequest partitionQuery() {
    return QueryRequest.builder()
        .tableName(FilesTable.SOURCE)
        .keyConditionExpression("PK = :pk")
        .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(DriveTree.partition(DriveTree.PARTITION_ACCOUNT))))
        .build();
  }
}
