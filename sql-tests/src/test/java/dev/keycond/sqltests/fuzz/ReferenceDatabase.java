package dev.keycond.sqltests.fuzz;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The reference engine: an in-memory H2 database holding the rows of every table of a {@link
 * FuzzUniverse}, decoded from the same fixture items that dynalite holds. Each table {@code t} is
 * a table {@code "t"}; each index {@code i} it can be read through is a table {@code "t@i"} with
 * the rows whose items are in that index (an item is in an index when it has every key attribute
 * of it, so a sparse index holds fewer rows).
 *
 * <p>Strings are held as {@link ReferenceText} encodes them, so that H2 orders them as DynamoDB
 * does, by UTF-8 bytes.
 */
final class ReferenceDatabase implements AutoCloseable {
  /** Each database is a new one, so that a fresh copy of a mapping's tables gets fresh rows. */
  private static final AtomicInteger DATABASES = new AtomicInteger();
  private final Connection connection;
  /** Per table, per column, the distinct values its rows hold, for the generator to pick from. */
  private final Map<String, Map<String, List<Object>>> values = new LinkedHashMap<>();

  private ReferenceDatabase(Connection connection) {
    this.connection = connection;
  }

  static ReferenceDatabase load(FuzzUniverse universe) throws SQLException {
    ReferenceDatabase db = new ReferenceDatabase(DriverManager.getConnection("jdbc:h2:mem:fuzz_"
        + universe.mapping().replace('-', '_') + "_" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=0"));
    for (FuzzTable table : universe.tables()) {
      db.create(table);
    }
    return db;
  }

  Connection connection() {
    return connection;
  }

  /** The distinct non-NULL values of a column, in a fixed order. */
  List<Object> values(String table, String column) {
    return values.get(table).get(column);
  }

  private void create(FuzzTable table) throws SQLException {
    List<Map<String, Object>> rows = new ArrayList<>();
    Map<String, List<Map<String, Object>>> indexRows = new LinkedHashMap<>();
    table.indexes().forEach(i -> indexRows.put(i.name(), new ArrayList<>()));
    for (Map<String, AttributeValue> item : table.source().items()) {
      Optional<Map<String, Object>> row = row(table, item);
      if (row.isEmpty()) {
        continue;
      }
      rows.add(row.get());
      for (FuzzIndex index : table.indexes()) {
        if (index.attributes().stream().allMatch(a -> inIndex(table, item, a))) {
          indexRows.get(index.name()).add(row.get());
        }
      }
    }
    create(table, table.name(), true);
    insert(table, table.name(), rows);
    for (FuzzIndex index : table.indexes()) {
      create(table, table.name() + "@" + index.name(), false);
      insert(table, table.name() + "@" + index.name(), indexRows.get(index.name()));
    }
    Map<String, List<Object>> byColumn = new LinkedHashMap<>();
    for (FuzzColumn column : table.columns()) {
      TreeSet<Object> distinct = new TreeSet<>(ReferenceDatabase::compareValues);
      rows.stream().map(r -> r.get(column.name())).filter(v -> v != null).forEach(distinct::add);
      byColumn.put(column.name(), List.copyOf(distinct));
    }
    values.put(table.name(), byColumn);
  }

  private static int compareValues(Object a, Object b) {
    if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
      return x.compareTo(y);
    }
    return a.toString().compareTo(b.toString());
  }

  /** Whether the item has the index key attribute, with a value of this table's template for it. */
  private static boolean inIndex(FuzzTable table, Map<String, AttributeValue> item, String attribute) {
    AttributeValue value = item.get(attribute);
    if (value == null || value.nul() != null) {
      return false;
    }
    KeyPattern pattern = table.keys().get(attribute);
    return value.s() == null || pattern.match(value.s()).isPresent();
  }

  /** The item's row of the table; empty when its own keys do not have the table's templates. */
  static Optional<Map<String, Object>> row(FuzzTable table, Map<String, AttributeValue> item) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (String attribute : table.source().key().keySet()) {
      KeyPattern pattern = table.keys().get(attribute);
      AttributeValue value = item.get(attribute);
      if (value.n() != null) {
        row.put(pattern.columns().get(0), new BigDecimal(value.n()));
        continue;
      }
      Optional<List<String>> slots = pattern.match(value.s());
      if (slots.isEmpty()) {
        return Optional.empty();
      }
      for (int i = 0; i < slots.get().size(); i++) {
        FuzzColumn column = table.column(pattern.columns().get(i));
        Optional<Object> decoded = slotValue(column, slots.get().get(i));
        if (decoded.isEmpty()) {
          return Optional.empty();
        }
        row.put(column.name(), decoded.get());
      }
    }
    for (FuzzColumn column : table.columns()) {
      if (column.key()) {
        continue;
      }
      AttributeValue value = item.get(column.attribute());
      if (value == null || value.nul() != null) {
        row.put(column.name(), null);
      } else if (column.numeric() && value.n() != null) {
        row.put(column.name(), new BigDecimal(value.n()));
      } else if (!column.numeric() && value.s() != null) {
        row.put(column.name(), value.s());
      } else {
        throw new IllegalStateException("table '" + table.name() + "' column '" + column.name() + "' of item "
            + item + " holds " + value + ", not a " + column.type()
            + "; the fuzzer's fixtures must hold only values of their columns");
      }
    }
    return Optional.of(row);
  }

  /** A slot's text as a column value; empty when the text is no value of the column (another entity's key). */
  private static Optional<Object> slotValue(FuzzColumn column, String text) {
    if (column.type().equals("DATE")) {
      return text.matches("\\d{4}-\\d{2}-\\d{2}") ? Optional.of(LocalDate.parse(text)) : Optional.empty();
    }
    if (!column.numeric()) {
      return Optional.of(text);
    }
    if (!text.matches("-?\\d+(\\.\\d+)?") || !column.type().equals("DECIMAL") && text.contains(".")) {
      return Optional.empty();
    }
    return Optional.of(new BigDecimal(text));
  }


  /**
   * A table of the reference; a table's own (not an index's) has the key columns as its primary
   * key, so that a write of a key that exists fails there as on DynamoDB.
   */
  private void create(FuzzTable table, String name, boolean keyed) throws SQLException {
    String columns = table.columns().stream().map(c -> quote(c.name()) + " " + c.referenceType()
        + (c.key() ? " NOT NULL" : "")).collect(Collectors.joining(", "));
    String primaryKey = table.columns().stream().filter(FuzzColumn::key).map(c -> quote(c.name()))
        .collect(Collectors.joining(", ", ", PRIMARY KEY (", ")"));
    try (Statement ddl = connection.createStatement()) {
      ddl.execute("CREATE TABLE " + quote(name) + " (" + columns + (keyed ? primaryKey : "") + ")");
    }
  }

  /**
   * Replaces the rows of a table's own reference table with those of these items (as DynamoDB
   * holds them after a write that the reference cannot replay), decoded as the fixture's were.
   */
  void replaceRows(FuzzTable table, List<Map<String, AttributeValue>> items) throws SQLException {
    try (Statement delete = connection.createStatement()) {
      delete.execute("DELETE FROM " + quote(table.name()));
    }
    insert(table, table.name(), items.stream().map(i -> row(table, i)).flatMap(Optional::stream).toList());
  }

  private void insert(FuzzTable table, String name, List<Map<String, Object>> rows) throws SQLException {
    String markers = table.columns().stream().map(c -> "?").collect(Collectors.joining(", "));
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + quote(name) + " VALUES (" + markers + ")")) {
      for (Map<String, Object> row : rows) {
        for (int i = 0; i < table.columns().size(); i++) {
          Object value = row.get(table.columns().get(i).name());
          insert.setObject(i + 1, value instanceof String text ? ReferenceText.encode(text) : value);
        }
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
