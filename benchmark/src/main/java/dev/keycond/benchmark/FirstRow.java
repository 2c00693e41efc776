package dev.keycond.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A cold-start child: a fresh JVM that gets the first row of the photos subtree and prints
 * {@value #MARKER}; the parent times launch to that line. Nothing else runs before it, so the
 * time is what an application or a tool pays for its first query.
 *
 * <p>{@code FirstRow keycond <endpoint>}: DriverManager, then
 * {@code SELECT path, size FROM files WHERE account = 'a1' AND path LIKE 'root/photos/%'}.
 * {@code FirstRow raw <endpoint>}: a DynamoDbClient, then the equivalent Query.
 */
public final class FirstRow {
  static final String MARKER = "FIRST_ROW";
  static final String SQL =
      "SELECT path, size FROM files WHERE account = 'a1' AND path LIKE '" + DriveTree.PHOTOS + "%'";

  private FirstRow() {}

  public static void main(String[] args) throws Exception {
    String endpoint = args[1];
    String first = switch (args[0]) {
      case "keycond" -> keycond(endpoint);
      case "raw" -> raw(endpoint);
      default -> throw new IllegalArgumentException("keycond or raw, not " + args[0]);
    };
    System.out.println(MARKER);
    System.out.flush();
    System.out.println("row=" + first);
    // Exit at once: the cleanup that follows is not part of the first row's cost.
    System.exit(0);
  }

  private static String keycond(String endpoint) throws Exception {
    Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
    Statement statement = connection.createStatement();
    ResultSet rows = statement.executeQuery(SQL);
    if (!rows.next()) {
      throw new IllegalStateException("No rows: " + SQL);
    }
    return rows.getString(1) + " " + rows.getLong(2);
  }

  private static String raw(String endpoint) {
    DynamoDbClient client = RawSdk.client(endpoint);
    Map<String, AttributeValue> item = client.query(RawSdk.pathAndSize(DriveTree.PHOTOS)).items().get(0);
    AttributeValue size = item.get("size"); // null for a folder, as SQL NULL is for keycond
    return item.get("SK").s() + " " + (size == null ? 0 : Long.parseLong(size.n()));
  }
}
