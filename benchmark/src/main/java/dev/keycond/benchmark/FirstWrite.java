package dev.keycond.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A cold-start child whose first statement is a write: a fresh JVM that updates one photo's size by
 * its key, as a framework sends it, and exits. It marks each phase as it ends ({@link ChildJvm#mark}):
 *
 * <p>{@code FirstWrite keycond <endpoint>}: {@value #MAIN}, then {@value #CONNECTED} after
 * DriverManager.getConnection, and {@value #WRITTEN} once {@link PhotoSizeUpdate.SQL},
 * prepared, bound and executed, has counted its row.
 *
 * <p>{@code FirstWrite raw <endpoint>}: {@value #MAIN}, {@value #CLIENT_BUILT} after the
 * DynamoDbClient is built, then {@value #WRITTEN} once the equivalent conditional UpdateItem has
 * answered.
 */
public final class FirstWrite {
  static final String MAIN = "main";
  static final String CONNECTED = "connected";
  static final String CLIENT_BUILT = "client built";
  static final String WRITTEN = "written";
  /** The marks of each side on the way to the write, in the order they come. */
  static final Map<String, List<String>> PHASES = Map.of(
      "keycond", List.of(MAIN, CONNECTED, WRITTEN),
      "raw", List.of(MAIN, CLIENT_BUILT, WRITTEN));

  private FirstWrite() {}

  public static void main(String[] args) throws Exception {
    ChildJvm.mark(MAIN);
    String endpoint = args[1];
    long count = switch (args[0]) {
      case "keycond" -> keycond(endpoint);
      case "raw" -> raw(endpoint);
      default -> throw new IllegalArgumentException("keycond or raw, not " + args[0]);
    };
    ChildJvm.mark(WRITTEN);
    if (count != 1) {
      throw new IllegalStateException("The UPDATE counted " + count + " rows, not 1");
    }
    // Exit at once: the cleanup that follows is not part of the first write's cost.
    System.exit(0);
  }

  private static long keycond(String endpoint) throws Exception {
    Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
    ChildJvm.mark(CONNECTED);
    return PhotoSizeUpdate.keycond(connection, 0);
  }

  private static long raw(String endpoint) {
    DynamoDbClient client = RawSdk.client(endpoint);
    ChildJvm.mark(CLIENT_BUILT);
    return PhotoSizeUpdate.raw(client, 0);
  }
}
