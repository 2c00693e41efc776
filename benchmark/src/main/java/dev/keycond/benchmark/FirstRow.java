package dev.keycond.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A cold-start child: a fresh JVM that gets the first row of the photos subtree and exits. Nothing
 * else runs before it, so the time is what an application or a tool pays for its first query. It
 * marks each phase as it ends ({@link ChildJvm#mark}), the parent times the marks:
 *
 * <p>{@code FirstRow keycond <endpoint>}: {@value #MAIN}, then {@value #CONNECTED} after
 * DriverManager.getConnection, {@value #EXECUTED} after executeQuery of
 * {@code SELECT path, size FROM files WHERE account = 'a1' AND path LIKE 'root/photos/%'}, and
 * {@value #FIRST_ROW} once the first row is read.
 *
 * <p>{@code FirstRow raw <endpoint>}: {@value #MAIN}, {@value #CLIENT_BUILT} after the
 * DynamoDbClient is built, then {@value #FIRST_ROW} once the equivalent Query has answered.
 *
 * <p>After the first row, each side opens what a second user of the JVM would: keycond a second
 * connection with the same URL ({@value #SECOND_CONNECTION}), which shares the first one's client,
 * mapping and table descriptions; the raw SDK a second DynamoDbClient ({@value #SECOND_CLIENT}).
 */
public final class FirstRow {
  static final String MAIN = "main";
  static final String CONNECTED = "connected";
  static final String EXECUTED = "executed";
  static final String CLIENT_BUILT = "client built";
  static final String FIRST_ROW = "first row";
  static final String SECOND_CONNECTION = "second connection";
  static final String SECOND_CLIENT = "second client";
  /** The marks of each side on the way to the first row, in the order they come. */
  static final Map<String, List<String>> PHASES = Map.of(
      "keycond", List.of(MAIN, CONNECTED, EXECUTED, FIRST_ROW),
      "raw", List.of(MAIN, CLIENT_BUILT, FIRST_ROW));
  /** The mark of each side once it has opened a second connection, or client, after the first row. */
  static final Map<String, String> SECOND = Map.of("keycond", SECOND_CONNECTION, "raw", SECOND_CLIENT);
  static final String SQL =
      "SELECT path, size FROM files WHERE account = 'a1' AND path LIKE '" + DriveTree.PHOTOS + "%'";

  private FirstRow() {}

  public static void main(String[] args) throws Exception {
    ChildJvm.mark(MAIN);
    String endpoint = args[1];
    String first = switch (args[0]) {
      case "keycond" -> keycond(endpoint);
      case "raw" -> raw(endpoint);
      default -> throw new IllegalArgumentException("keycond or raw, not " + args[0]);
    };
    ChildJvm.mark(FIRST_ROW);
    switch (args[0]) {
      case "keycond" -> DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
      default -> RawSdk.client(endpoint);
    }
    ChildJvm.mark(SECOND.get(args[0]));
    System.out.println("row=" + first);
    // Exit at once: the cleanup that follows is not part of the first row's cost.
    System.exit(0);
  }

  private static String keycond(String endpoint) throws Exception {
    Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
    ChildJvm.mark(CONNECTED);
    Statement statement = connection.createStatement();
    ResultSet rows = statement.executeQuery(SQL);
    ChildJvm.mark(EXECUTED);
    if (!rows.next()) {
      throw new IllegalStateException("No rows: " + SQL);
    }
    return rows.getString(1) + " " + rows.getLong(2);
  }

  private static String raw(String endpoint) {
    DynamoDbClient client = RawSdk.client(endpoint);
    ChildJvm.mark(CLIENT_BUILT);
    Map<String, AttributeValue> item = client.query(RawSdk.pathAndSize(DriveTree.PHOTOS)).items().get(0);
    AttributeValue size = item.get("size"); // null for a folder, as SQL NULL is for keycond
    return item.get("SK").s() + " " + (size == null ? 0 : Long.parseLong(size.n()));
  }
}
