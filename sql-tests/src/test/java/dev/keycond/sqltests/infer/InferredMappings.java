package dev.keycond.sqltests.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.gateway.DynamoCatalog;
import dev.keycond.planner.infer.ProposedMapping;
import dev.keycond.planner.mapping.Mapping;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.table.TableBinding;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.Keycond;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Checks on proposed mappings that the inference and the import tests share. */
final class InferredMappings {
  private InferredMappings() {}

  static JsonNode json(ProposedMapping proposal) {
    try {
      return new ObjectMapper().readTree(proposal.json());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A connection whose mapping is the proposal, with further properties written {@code "name=value"}. */
  static Connection connect(DynamoServer server, ProposedMapping proposal, String... properties) throws SQLException {
    List<String> all = new ArrayList<>(List.of(properties));
    all.add("mapping=inline:" + proposal.json());
    return DriverManager.getConnection(Keycond.url(server), Keycond.properties(all.toArray(String[]::new)));
  }

  /** A table's {@code keys} (or {@code columns}) object as a map of text. */
  static Map<String, String> texts(JsonNode node) {
    Map<String, String> texts = new TreeMap<>();
    node.properties().forEach(e -> texts.put(e.getKey(), e.getValue().isTextual() ? e.getValue().asText()
        : e.getValue().toString()));
    return texts;
  }

  /**
   * The round trip of every item of {@code source}, as the server holds it, through the proposal:
   * each table reads exactly {@code rowCounts} of them as rows (the others are another table's or
   * no table's), each such item decodes to a row that encodes back to the same item, attribute for
   * attribute, and {@code SELECT *} over JDBC returns those rows (their first column compared).
   */
  static void assertRoundTrip(DynamoServer server, ProposedMapping proposal, String source,
      Map<String, Integer> rowCounts) throws SQLException {
    Mapping mapping = MappingParser.parse(proposal.json(), "proposed mapping");
    List<Map<String, AttributeValue>> items =
        server.client().scan(ScanRequest.builder().tableName(source).build()).items();
    DynamoCatalog catalog = new DynamoCatalog(server.client());
    try (Connection connection = connect(server, proposal, "scan=allow")) {
      for (TableMapping table : mapping.tables().values()) {
        if (!table.source().equals(source)) {
          continue;
        }
        ItemCodec codec = ItemCodec.of(TableBinding.bind(table, catalog.describe(source), mapping.tables().values()));
        List<String> firstColumn = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
          Object[] row = codec.decode(item);
          if (row == null) {
            continue;
          }
          firstColumn.add(Objects.toString(row[0], null));
          assertSameItem(item, codec.encode(row), table.name());
        }
        assertEquals(rowCounts.get(table.name()), firstColumn.size(), "items read as rows of " + table.name());
        List<String> selected = new ArrayList<>();
        try (Statement statement = connection.createStatement();
            ResultSet rows = statement.executeQuery("SELECT * FROM \"" + table.name() + "\"")) {
          while (rows.next()) {
            selected.add(rows.getString(1));
          }
        }
        assertEquals(firstColumn.stream().sorted().toList(), selected.stream().sorted().toList(),
            "SELECT * FROM " + table.name());
      }
    }
  }

  /** Equal attribute for attribute: a set's elements in any order, a number by its value. */
  static void assertSameItem(Map<String, AttributeValue> stored, Map<String, AttributeValue> written, String table) {
    assertEquals(stored.keySet(), written.keySet(), table + ": attributes of " + stored);
    stored.forEach((name, value) -> assertTrue(same(value, written.get(name)),
        table + ": attribute " + name + " stored " + value + ", written " + written.get(name)));
  }

  private static boolean same(AttributeValue a, AttributeValue b) {
    if (a.n() != null) {
      return b.n() != null && new BigDecimal(a.n()).compareTo(new BigDecimal(b.n())) == 0;
    }
    if (a.hasSs() || a.hasNs() || a.hasBs()) {
      Set<Object> left = new HashSet<>(a.hasSs() ? a.ss() : a.hasNs() ? a.ns() : a.bs());
      Set<Object> right = new HashSet<>(b.hasSs() ? b.ss() : b.hasNs() ? b.ns() : b.bs());
      return left.equals(right);
    }
    if (a.hasM()) {
      return b.hasM() && a.m().keySet().equals(b.m().keySet())
          && a.m().entrySet().stream().allMatch(e -> same(e.getValue(), b.m().get(e.getKey())));
    }
    if (a.hasL()) {
      if (!b.hasL() || a.l().size() != b.l().size()) {
        return false;
      }
      for (int i = 0; i < a.l().size(); i++) {
        if (!same(a.l().get(i), b.l().get(i))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }
}
