package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import dev.keycond.demo.LocalServerProcess;
import dev.keycond.demo.Moto;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A transaction of {@value #ACTIONS} single-item changes with auto-commit off, then
 * {@code commit()} (one TransactWriteItems), against a raw-SDK TransactWriteItems of the same
 * {@value #ACTIONS} Puts, with the same condition ({@code attribute_not_exists} on the partition key)
 * and a ClientRequestToken, as keycond sends. Three ways of keycond's, each timed against raw in
 * rounds of its own: INSERTs executed one by one, which each read their key when they run (a
 * GetItem) under the default {@code keyChecks=immediate}; the same as one {@code executeBatch},
 * whose keys are read together (a BatchGetItem); and one by one under {@code keyChecks=deferred},
 * which reads nothing. dynalite has no transactions, so this measurement runs on its own moto,
 * started the way the tests start it. Each round writes rows of a new account, deleted after it.
 */
final class TransactionCommit implements Measurement {
  static final int ACTIONS = 100;
  private static final int WARM_UP_ROUNDS = 10;
  private static final int ROUNDS = 15;
  private static final int BATCH = 25;
  private static final String INSERT = "INSERT INTO files (account, path, size) VALUES (?, ?, ?)";

  private final Path motoDir;
  private int accounts;

  TransactionCommit(Path motoDir) {
    this.motoDir = motoDir;
  }

  /** One of keycond's ways of writing a round's account, on a connection opened with {@code properties}. */
  private record Way(String label, String summary, String properties, boolean batched) {}

  private static final List<Way> WAYS = List.of(
      new Way(ACTIONS + " INSERTs one by one, each reading its key", ACTIONS + " INSERTs one by one", "", false),
      new Way("one `executeBatch` of " + ACTIONS + " INSERTs, reading their keys together",
          "`executeBatch` of " + ACTIONS + " INSERTs", "", true),
      new Way(ACTIONS + " INSERTs one by one with `keyChecks=deferred`, reading nothing",
          ACTIONS + " INSERTs, `keyChecks=deferred`", ";keyChecks=deferred", false));

  /** A way's rows of the report: its side and the raw side of its own rounds. */
  private record Measured(String rows, SummaryRow summary) {}

  @Override
  public Section run() throws Exception {
    try (LocalServerProcess moto = Moto.start(motoDir);
        DynamoDbClient raw = RawSdk.client(moto.endpoint())) {
      FilesTable.create(raw);
      StringBuilder rows = new StringBuilder();
      List<SummaryRow> summary = new ArrayList<>();
      for (Way way : WAYS) {
        try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(moto.endpoint()) + way.properties())) {
          connection.setAutoCommit(false);
          try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
            Measured measured = measure(raw, way, account -> keycond(connection, insert, account, way.batched()),
                account -> raw(raw, account));
            rows.append(measured.rows());
            summary.add(measured.summary());
          }
        }
      }
      String md = "### A transaction of " + ACTIONS + " changes\n\n"
          + "`" + INSERT + "` with auto-commit off, then `commit()`, against a raw-SDK `TransactWriteItems` of the same "
          + ACTIONS + " Puts (the same items, `attribute_not_exists` on the partition key, a ClientRequestToken), "
          + "three ways, each timed against raw in rounds of its own. By default (`keyChecks=immediate`) each "
          + "INSERT reads its key when it runs (a strongly consistent GetItem of the key alone), so that a duplicate "
          + "fails the statement and not only the commit; an `executeBatch` reads its keys together (one "
          + "BatchGetItem); `keyChecks=deferred` reads nothing, and a taken key cancels the commit. In one JVM after "
          + WARM_UP_ROUNDS + " warm-up rounds of both; " + ROUNDS + " rounds alternating which goes first, each writing a "
          + "new account whose items are deleted after it, untimed (moto copies the whole table before each "
          + "transaction, so a commit's time grows with the table). dynalite has no transactions: this runs on moto "
          + "5.2.5 on loopback, started for it, whose Python server takes most of each commit's time. moto reports no "
          + "write units for a TransactWriteItems (0.0 below); DynamoDB bills each of its writes twice a plain one's.\n\n"
          + "| way | median | p90 | / raw of its rounds | requests | WCUs |\n|---|---|---|---|---|---|\n" + rows;
      return new Section(md, summary);
    }
  }

  private Measured measure(DynamoDbClient client, Way way, AlternatingRounds.Write keycond, AlternatingRounds.Write raw)
      throws Exception {
    String first = nextAccount();
    WireCost keycondCost = WireCost.of(() -> {
      keycond.write(first);
      return ACTIONS;
    });
    clear(client, first);
    String second = nextAccount();
    WireCost rawCost = WireCost.of(() -> {
      raw.write(second);
      return ACTIONS;
    });
    clear(client, second);
    AlternatingRounds.time(WARM_UP_ROUNDS, this::nextAccount, keycond, raw, account -> clear(client, account));
    AlternatingRounds.Times times =
        AlternatingRounds.time(ROUNDS, this::nextAccount, keycond, raw, account -> clear(client, account));
    double keycondMedian = Stats.median(times.keycond());
    double rawMedian = Stats.median(times.raw());
    String rows = row("keycond, " + way.label() + ", and commit()", times.keycond(), rawMedian, keycondCost)
        + row("raw SDK `TransactWriteItems`, the same rounds", times.raw(), rawMedian, rawCost);
    return new Measured(rows, SummaryRow.of("commit a transaction of " + way.summary() + " (raw: "
        + "TransactWriteItems of the same " + ACTIONS + " Puts; on moto)", keycondMedian, rawMedian,
        Stats.ms(keycondMedian), Stats.ms(rawMedian), new Target.Ratio(1.2), keycondCost, rawCost));
  }

  private static String row(String way, List<Double> times, double rawMedian, WireCost cost) {
    double median = Stats.median(times);
    return "| " + way + " | " + Stats.ms(median) + " | " + Stats.ms(Stats.percentile(times, 90)) + " | "
        + Stats.ratio(median, rawMedian) + " | " + cost.requestText() + " | " + cost.capacityText() + " |\n";
  }

  /**
   * Deletes the round's items, untimed: moto copies a table whole before each transaction on it (to
   * undo a cancelled one), so a commit's time grows with the table, and every round must start from
   * the same empty one.
   */
  private static void clear(DynamoDbClient client, String account) {
    List<WriteRequest> deletes = new ArrayList<>(ACTIONS);
    for (int i = 0; i < ACTIONS; i++) {
      Map<String, AttributeValue> item = WriteLoad.item(account, i);
      deletes.add(WriteRequest.builder().deleteRequest(d -> d.key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))))
          .build());
    }
    for (int first = 0; first < ACTIONS; first += BATCH) {
      List<WriteRequest> pending = deletes.subList(first, Math.min(ACTIONS, first + BATCH));
      while (!pending.isEmpty()) {
        List<WriteRequest> sending = pending;
        pending = client.batchWriteItem(b -> b.requestItems(Map.of(FilesTable.SOURCE, sending)))
            .unprocessedItems().getOrDefault(FilesTable.SOURCE, List.of());
      }
    }
  }

  private String nextAccount() {
    return "t" + accounts++;
  }

  private static void keycond(Connection connection, PreparedStatement insert, String account, boolean batched)
      throws Exception {
    for (int i = 0; i < ACTIONS; i++) {
      insert.setString(1, account);
      insert.setString(2, WriteLoad.path(i));
      insert.setLong(3, i);
      if (batched) {
        insert.addBatch();
      } else if (insert.executeUpdate() != 1) {
        throw new IllegalStateException("an INSERT in the transaction counted no row");
      }
    }
    if (batched && Arrays.stream(insert.executeBatch()).anyMatch(count -> count != 1)) {
      throw new IllegalStateException("an INSERT of the batch counted no row");
    }
    connection.commit();
  }

  private static void raw(DynamoDbClient raw, String account) {
    List<TransactWriteItem> puts = new ArrayList<>(ACTIONS);
    for (int i = 0; i < ACTIONS; i++) {
      var item = WriteLoad.item(account, i);
      puts.add(TransactWriteItem.builder().put(p -> p.tableName(FilesTable.SOURCE).item(item)
          .conditionExpression("attribute_not_exists(#pk)").expressionAttributeNames(Map.of("#pk", "PK"))).build());
    }
    raw.transactWriteItems(b -> b.transactItems(puts).clientRequestToken(UUID.randomUUID().toString()));
  }
}
