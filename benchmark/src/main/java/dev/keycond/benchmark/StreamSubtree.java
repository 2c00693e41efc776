package dev.keycond.benchmark;

import java.lang.ref.Reference;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * A streaming-memory child: a fresh JVM with a small {@code -Xmx} reads the ~20,000 items of
 * {@code root/archive/} one of three ways, twice: once timed, once under a {@link HeapSampler}.
 * <ul>
 *   <li>{@code keycond}: {@link #SQL}, counting rows as the ResultSet advances;
 *   <li>{@code raw-stream}: the SDK paginator, counting items as it pages;
 *   <li>{@code raw-list}: the SDK paginator, collecting every item into a list.
 * </ul>
 * The connection or client is set up and used once first, so that class loading and first-use
 * caches are neither timed nor counted as the read's memory.
 */
public final class StreamSubtree {
  static final String SQL = "SELECT * FROM files WHERE account = 'a1' AND path LIKE '" + DriveTree.ARCHIVE + "%'";
  static final List<String> WAYS = List.of("keycond", "raw-stream", "raw-list");

  /** One way of reading the subtree; returns what it holds at the end: a count, or the items. */
  private interface Read {
    Object run() throws Exception;
  }

  private StreamSubtree() {}

  public static void main(String[] args) throws Exception {
    String endpoint = args[1];
    switch (args[0]) {
      case "keycond" -> {
        try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
            Statement statement = connection.createStatement()) {
          readAll(statement.executeQuery(SQL.replace(DriveTree.ARCHIVE, DriveTree.tenPhotoPrefix(0))));
          measure(() -> readAll(statement.executeQuery(SQL)));
        }
      }
      case "raw-stream", "raw-list" -> {
        boolean list = args[0].equals("raw-list");
        try (DynamoDbClient client = RawSdk.client(endpoint)) {
          stream(client, DriveTree.tenPhotoPrefix(0));
          measure(() -> list ? materialize(client, DriveTree.ARCHIVE) : stream(client, DriveTree.ARCHIVE));
        }
      }
      default -> throw new IllegalArgumentException("One of " + WAYS + ", not " + args[0]);
    }
  }

  private static void measure(Read read) throws Exception {
    long start = System.nanoTime();
    Object held = read.run();
    double millis = (System.nanoTime() - start) / 1e6;
    held = null; // the timed read's result must not count as the measured read's memory

    long baseline = HeapSampler.liveHeap();
    RequestCounter.reset(false);
    HeapSampler heap = new HeapSampler();
    try {
      held = read.run();
    } finally {
      heap.close(); // its last sample still sees what the read holds at the end
    }
    Reference.reachabilityFence(held);
    long rows = held instanceof List<?> items ? items.size() : (Long) held;
    System.out.println("rows=" + rows);
    System.out.println("millis=" + millis);
    System.out.println("baseline=" + baseline);
    System.out.println("peakLive=" + heap.peakLive());
    System.out.println("samples=" + heap.samples());
    System.out.println("queries=" + RequestCounter.sent().getOrDefault("Query", 0L));
  }

  /** Reads every column of every row, as an application would, keeping none of them. */
  static Long readAll(ResultSet rows) throws Exception {
    long n = 0;
    try (rows) {
      ResultSetMetaData columns = rows.getMetaData();
      while (rows.next()) {
        for (int c = 1; c <= columns.getColumnCount(); c++) {
          rows.getObject(c);
        }
        n++;
      }
    }
    return n;
  }

  static Long stream(DynamoDbClient client, String prefix) {
    return stream(client, RawSdk.beginsWith(prefix).build());
  }

  /** Pages through the Query's items, reading each attribute as an application would, keeping none. */
  static Long stream(DynamoDbClient client, QueryRequest query) {
    long n = 0;
    for (Map<String, AttributeValue> item : client.queryPaginator(query).items()) {
      item.values().forEach(AttributeValue::type);
      n++;
    }
    return n;
  }

  private static List<Map<String, AttributeValue>> materialize(DynamoDbClient client, String prefix) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    client.queryPaginator(RawSdk.beginsWith(prefix).build()).items().forEach(items::add);
    return items;
  }
}
