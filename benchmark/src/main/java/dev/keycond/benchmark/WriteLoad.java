package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The write load: {@value #ROWS} rows loaded through a PreparedStatement's {@code executeBatch},
 * with {@code INSERT} (a conditional PutItem per row) and with {@code UPSERT} (BatchWriteItem of
 * 25), against a hand-written raw-SDK loader that sends the same requests, with the same
 * concurrency ({@value #IN_FLIGHT} requests in flight, as keycond sends) and the same items. Each
 * round writes rows of a new account, so that INSERT never meets a key that exists.
 */
final class WriteLoad implements Measurement {
  static final int ROWS = 10_000;
  private static final int IN_FLIGHT = 8;
  private static final int BATCH = 25;
  private static final int ROUNDS = 3;

  private final String endpoint;
  private int accounts;

  WriteLoad(String endpoint) {
    this.endpoint = endpoint;
  }

  @Override
  public Section run() throws Exception {
    try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
        DynamoDbClient raw = RawSdk.client(endpoint)) {
      ExecutorService threads = Executors.newFixedThreadPool(IN_FLIGHT);
      try {
        Result insert = measure(
            account -> keycond(connection, "INSERT", account),
            account -> rawPuts(raw, threads, account));
        Result upsert = measure(
            account -> keycond(connection, "UPSERT", account),
            account -> rawBatches(raw, threads, account));
        String md = "### 7. Write load\n\n" + ROWS + " rows `(account, path, size)` through one PreparedStatement's "
            + "`executeBatch`, against a raw-SDK loader sending the same items with " + IN_FLIGHT + " requests in "
            + "flight (keycond's bound); " + ROUNDS + " rounds after one warm-up, alternating which goes first, "
            + "each writing a new account.\n\n"
            + "| load | keycond | raw SDK v2 | / raw | requests: keycond / raw | WCUs: keycond / raw |\n"
            + "|---|---|---|---|---|---|\n"
            + insert.row("`INSERT` (conditional `PutItem` per row)")
            + upsert.row("`UPSERT` (`BatchWriteItem` of 25)");
        return new Section(md, List.of(
            SummaryRow.of("load " + ROWS + " rows with INSERT + executeBatch (raw: conditional PutItem, "
                + IN_FLIGHT + " in flight)", insert.keycond(), insert.raw(), Stats.ms(insert.keycond()),
                Stats.ms(insert.raw()), new Target.Ratio(1.2), insert.keycondCost(), insert.rawCost()),
            SummaryRow.of("load " + ROWS + " rows with UPSERT + executeBatch (raw: BatchWriteItem of 25, "
                + IN_FLIGHT + " in flight)", upsert.keycond(), upsert.raw(), Stats.ms(upsert.keycond()),
                Stats.ms(upsert.raw()), new Target.Ratio(1.2), upsert.keycondCost(), upsert.rawCost())));
      } finally {
        threads.shutdownNow();
      }
    }
  }

  private record Result(double keycond, double raw, WireCost keycondCost, WireCost rawCost) {
    String row(String load) {
      return "| " + load + " | " + Stats.ms(keycond) + " | " + Stats.ms(raw) + " | " + Stats.ratio(keycond, raw)
          + " | " + keycondCost.requestText() + " / " + rawCost.requestText() + " | " + keycondCost.capacityText()
          + " / " + rawCost.capacityText() + " |\n";
    }
  }

  private Result measure(AlternatingRounds.Write keycond, AlternatingRounds.Write raw) throws Exception {
    WireCost keycondCost = WireCost.of(() -> {
      keycond.write(nextAccount());
      return ROWS;
    });
    WireCost rawCost = WireCost.of(() -> {
      raw.write(nextAccount());
      return ROWS;
    });
    WireCost.checkSameRows("write load", keycondCost, rawCost);
    AlternatingRounds.Times times = AlternatingRounds.time(ROUNDS, this::nextAccount, keycond, raw, account -> { });
    return new Result(Stats.median(times.keycond()), Stats.median(times.raw()), keycondCost, rawCost);
  }

  private String nextAccount() {
    return "w" + accounts++;
  }

  private static void keycond(Connection connection, String verb, String account) throws Exception {
    try (PreparedStatement load = connection.prepareStatement(verb + " INTO files (account, path, size) VALUES (?, ?, ?)")) {
      for (int i = 0; i < ROWS; i++) {
        load.setString(1, account);
        load.setString(2, path(i));
        load.setLong(3, i);
        load.addBatch();
      }
      for (int count : load.executeBatch()) {
        if (count != 1) {
          throw new IllegalStateException(verb + " wrote a row " + count + " times");
        }
      }
    }
  }

  static String path(int i) {
    return String.format("root/w%05d", i);
  }

  /** The item keycond writes for the row: its keys, the parent computed from the path, the size. */
  static Map<String, AttributeValue> item(String account, int i) {
    return Map.of("PK", AttributeValue.fromS(DriveTree.partition(account)), "SK", AttributeValue.fromS(path(i)),
        "parent", AttributeValue.fromS("root/"), "size", AttributeValue.fromN(Integer.toString(i)));
  }

  private static void rawPuts(DynamoDbClient raw, ExecutorService threads, String account) throws Exception {
    List<Future<?>> sent = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      Map<String, AttributeValue> item = item(account, i);
      sent.add(threads.submit(() -> raw.putItem(b -> b.tableName(FilesTable.SOURCE).item(item)
          .conditionExpression("attribute_not_exists(#pk)").expressionAttributeNames(Map.of("#pk", "PK")))));
    }
    for (Future<?> f : sent) {
      f.get();
    }
  }

  private static void rawBatches(DynamoDbClient raw, ExecutorService threads, String account) throws Exception {
    List<Future<?>> sent = new ArrayList<>();
    for (int first = 0; first < ROWS; first += BATCH) {
      List<WriteRequest> writes = new ArrayList<>();
      for (int i = first; i < Math.min(ROWS, first + BATCH); i++) {
        writes.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item(account, i)).build()).build());
      }
      sent.add(threads.submit(() -> {
        List<WriteRequest> pending = writes;
        while (!pending.isEmpty()) {
          List<WriteRequest> sending = pending;
          BatchWriteItemResponse response = raw.batchWriteItem(b -> b.requestItems(Map.of(FilesTable.SOURCE, sending)));
          pending = response.unprocessedItems().getOrDefault(FilesTable.SOURCE, List.of());
        }
        return null;
      }));
    }
    for (Future<?> f : sent) {
      f.get();
    }
  }
}
