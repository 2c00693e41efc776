package dev.keycond.sqltests.designs;

import dev.keycond.sqltests.fixture.Fixture;
import dev.keycond.sqltests.fixture.FixtureTable;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.ServerItems;
import dev.keycond.sqltests.support.TestResources;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A copy of a design's fixture with tables of its own, for a test that writes: its mapping reads
 * the copy, and its items are read back with the raw SDK.
 */
final class DesignCopy {
  private static final AtomicInteger COPIES = new AtomicInteger();

  private final DynamoServer server;
  private final Fixture copy;
  private final String mapping;

  private DesignCopy(DynamoServer server, String design, UnaryOperator<String> edit) {
    this.server = server;
    String prefix = design.replace("-", "") + "w" + COPIES.incrementAndGet();
    String original = Fixtures.read(design).tables().get(0).name();
    String originalPrefix = original.substring(0, original.indexOf('_') + 1);
    this.copy = Fixtures.copy(server, design, prefix);
    this.mapping = edit.apply(TestResources.read("fixtures/" + design + ".mapping.json"))
        .replace("\"source\": \"" + originalPrefix, "\"source\": \"" + prefix + "_");
  }

  static DesignCopy of(DynamoServer server, String design) {
    return new DesignCopy(server, design, UnaryOperator.identity());
  }

  /** A copy of the design's fixture read through its mapping as {@code edit} rewrites the mapping's text. */
  static DesignCopy of(DynamoServer server, String design, UnaryOperator<String> edit) {
    return new DesignCopy(server, design, edit);
  }

  Connection connect(String... properties) throws SQLException {
    java.util.Properties info = Keycond.properties(properties);
    info.setProperty("mapping", "inline:" + mapping);
    return DriverManager.getConnection(Keycond.url(server), info);
  }

  /** The copy's (only) DynamoDB table. */
  String table() {
    return copy.tables().get(0).name();
  }

  /** Every item of the copy's table, in key order, as the server holds it. */
  List<Map<String, AttributeValue>> items() {
    FixtureTable table = copy.tables().get(0);
    return ServerItems.of(server.client(), table.name(), table.keyAttributes().get(0), table.keyAttributes().get(1));
  }

  /** The item with this key, as the server holds it; null when there is none. */
  Map<String, AttributeValue> item(String pk, String sk) {
    return items().stream().filter(i -> i.get("PK").s().equals(pk) && i.get("SK").s().equals(sk)).findFirst()
        .orElse(null);
  }

  void put(Map<String, AttributeValue> item) {
    server.client().putItem(b -> b.tableName(table()).item(item));
  }
}
