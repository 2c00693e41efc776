package dev.keycond.sqltests.fuzz;

import dev.keycond.sqltests.fixture.FixtureTable;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.TestResources;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * A fresh copy of the write fuzzer's fixture on the server, keycond connected to it under
 * {@code scan=reject}, and the reference holding the same rows, its writes in a transaction that
 * the check commits or rolls back. The universe is the mapping over the fixture's own table names;
 * {@link #serverTable} names a table's copy.
 */
final class WriteTarget implements AutoCloseable {
  static final String MAPPING = "writefuzz";
  private static final AtomicInteger COPIES = new AtomicInteger();

  final FuzzUniverse universe;
  final ReferenceDatabase reference;
  final Connection keycond;
  private final DynamoServer server;
  private final String prefix;
  /** The server's items after the last write checked, the next one's state before. */
  private Map<String, Map<String, AttributeValue>> last;

  private WriteTarget(DynamoServer server, String prefix, FuzzUniverse universe, ReferenceDatabase reference,
      Connection keycond) {
    this.server = server;
    this.prefix = prefix;
    this.universe = universe;
    this.reference = reference;
    this.keycond = keycond;
    this.last = serverItems();
  }

  Map<String, Map<String, AttributeValue>> lastServerItems() {
    return last;
  }

  void remember(Map<String, Map<String, AttributeValue>> items) {
    last = items;
  }

  static WriteTarget open(DynamoServer server) throws SQLException {
    String prefix = "writefuzz" + COPIES.incrementAndGet();
    Fixtures.copy(server, MAPPING, prefix);
    FuzzUniverse universe = FuzzUniverse.of(MAPPING, Fixtures.mapping(MAPPING), List.of(Fixtures.read(MAPPING)));
    ReferenceDatabase reference = ReferenceDatabase.load(universe);
    reference.connection().setAutoCommit(false);
    String mapping = TestResources.read("fixtures/" + MAPPING + ".mapping.json")
        .replace("\"source\": \"writefuzz_", "\"source\": \"" + prefix + "_");
    Connection keycond = DriverManager.getConnection(Keycond.url(server),
        Keycond.properties("scan=reject", "mapping=inline:" + mapping));
    return new WriteTarget(server, prefix, universe, reference, keycond);
  }

  String serverTable(FixtureTable source) {
    return prefix + source.name().substring(source.name().indexOf('_'));
  }

  /** Every item of every table on the server, by {@link #key}. */
  Map<String, Map<String, AttributeValue>> serverItems() {
    Map<String, Map<String, AttributeValue>> items = new TreeMap<>();
    for (FixtureTable source : sources()) {
      Map<String, AttributeValue> start = null;
      do {
        ScanResponse page = server.client().scan(ScanRequest.builder().tableName(serverTable(source))
            .exclusiveStartKey(start).consistentRead(true).build());
        page.items().forEach(item -> items.put(key(source, item), item));
        start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
      } while (start != null);
    }
    return items;
  }

  /** The items the reference's rows must be, by {@link #key}, each with what keeps it from being written. */
  Map<String, ReferenceItem> referenceItems() throws SQLException {
    Map<String, ReferenceItem> items = new TreeMap<>();
    for (FuzzTable table : universe.tables()) {
      for (Map<String, Object> row : rows(table)) {
        ReferenceItem item = ReferenceItem.of(table, row);
        items.put(key(table.source(), item.item()), item);
      }
    }
    return items;
  }

  /** The reference's rows of a table, text decoded. */
  List<Map<String, Object>> rows(FuzzTable table) throws SQLException {
    List<Map<String, Object>> rows = new ArrayList<>();
    try (Statement s = reference.connection().createStatement();
        ResultSet result = s.executeQuery("SELECT * FROM " + ReferenceDatabase.quote(table.name()))) {
      ResultSetMetaData meta = result.getMetaData();
      while (result.next()) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          FuzzColumn column = table.column(meta.getColumnLabel(i));
          Object value = column.type().equals("DATE") ? result.getObject(i, LocalDate.class)
              : column.numeric() ? result.getBigDecimal(i) : result.getString(i);
          row.put(column.name(), value instanceof String text ? ReferenceText.decode(text) : value);
        }
        rows.add(row);
      }
    }
    return rows;
  }

  /** Makes the reference hold what the server holds, after a write whose outcome the reference cannot replay. */
  void resynchronize(Map<String, Map<String, AttributeValue>> serverItems) throws SQLException {
    reference.connection().rollback();
    for (FuzzTable table : universe.tables()) {
      String prefixOfKey = table.source().name() + " ";
      reference.replaceRows(table, serverItems.entrySet().stream().filter(e -> e.getKey().startsWith(prefixOfKey))
          .map(Map.Entry::getValue).filter(item -> item.values().stream().allMatch(
              v -> v.s() == null || DynamoRules.unicode(v.s())))
          .toList());
    }
    reference.connection().commit();
  }

  /** The key of an item, as its table and its key attributes' values: {@code writefuzz_Drive {PK=..., SK=...}}. */
  static String key(FixtureTable source, Map<String, AttributeValue> item) {
    Map<String, String> key = new LinkedHashMap<>();
    source.key().keySet().forEach(attribute -> key.put(attribute, ItemText.of(item.get(attribute))));
    return source.name() + " " + key;
  }

  List<FixtureTable> sources() {
    Map<String, FixtureTable> sources = new LinkedHashMap<>();
    universe.tables().forEach(t -> sources.put(t.source().name(), t.source()));
    return List.copyOf(sources.values());
  }

  @Override
  public void close() throws SQLException {
    keycond.close();
    reference.close();
  }
}
