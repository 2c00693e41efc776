package dev.keycond.sqltests.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keycond.sqltests.fixture.Fixture;
import dev.keycond.sqltests.fixture.FixtureTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tables of one mapping file over the fixtures it reads, as {@link FuzzTable}s. Only the
 * README's rules are used to read the mapping: a key attribute without a template that is a
 * column's own attribute holds that column.
 */
record FuzzUniverse(String mapping, List<FuzzTable> tables) {
  private static final ObjectMapper JSON = new ObjectMapper();

  FuzzUniverse {
    tables = List.copyOf(tables);
  }

  static FuzzUniverse of(String mapping, Path mappingFile, List<Fixture> fixtures) {
    JsonNode root;
    try {
      root = JSON.readTree(Files.readString(mappingFile));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, FixtureTable> sources = new LinkedHashMap<>();
    fixtures.forEach(f -> f.tables().forEach(t -> sources.put(t.name(), t)));
    List<FuzzTable> tables = new ArrayList<>();
    for (Map.Entry<String, JsonNode> entry : root.get("tables").properties()) {
      tables.add(table(entry.getKey(), entry.getValue(), sources));
    }
    return new FuzzUniverse(mapping, tables);
  }

  private static FuzzTable table(String name, JsonNode node, Map<String, FixtureTable> sources) {
    FixtureTable source = sources.get(node.get("source").asText());
    if (source == null) {
      throw new IllegalArgumentException("table '" + name + "' reads '" + node.get("source").asText()
          + "', which no fixture of the fuzzer declares");
    }
    Map<String, KeyPattern> keys = new LinkedHashMap<>();
    node.path("keys").properties().forEach(k -> keys.put(k.getKey(), KeyPattern.parse(k.getValue().asText())));
    Map<String, String> attributes = new LinkedHashMap<>();
    Map<String, String> types = new LinkedHashMap<>();
    node.get("columns").properties().forEach(c -> {
      JsonNode spec = c.getValue();
      types.put(c.getKey(), spec.isTextual() ? spec.asText() : spec.get("type").asText());
      attributes.put(c.getKey(), spec.isTextual() ? c.getKey() : spec.path("attribute").asText(c.getKey()));
    });
    List<String> ownKeys = List.copyOf(source.key().keySet());
    List<String> allKeyAttributes = new ArrayList<>(ownKeys);
    source.globalIndexes().forEach(i -> allKeyAttributes.addAll(i.key().keySet()));
    source.localIndexes().forEach(i -> allKeyAttributes.addAll(i.key().keySet()));
    for (String attribute : allKeyAttributes) {
      if (!keys.containsKey(attribute)) {
        attributes.entrySet().stream().filter(a -> a.getValue().equals(attribute)).findFirst()
            .ifPresent(a -> keys.put(attribute, KeyPattern.parse("{" + a.getKey() + "}")));
      }
    }
    List<String> keyColumns = new ArrayList<>();
    for (String attribute : ownKeys) {
      keyColumns.addAll(keys.get(attribute).columns());
    }
    List<FuzzColumn> columns = new ArrayList<>();
    types.forEach((column, type) -> {
      // The fuzzer compares text and numbers; columns of other types are left out of its statements.
      if (FuzzColumn.TYPES.contains(type)) {
        columns.add(new FuzzColumn(column, type, keyColumns.contains(column) ? null : attributes.get(column),
            keyColumns.contains(column)));
      }
    });
    List<FuzzIndex> indexes = new ArrayList<>();
    List<FixtureTable.Index> sourceIndexes = new ArrayList<>(source.globalIndexes());
    sourceIndexes.addAll(source.localIndexes());
    for (FixtureTable.Index index : sourceIndexes) {
      List<String> indexAttributes = List.copyOf(index.key().keySet());
      if (indexAttributes.stream().allMatch(keys::containsKey)) {
        indexes.add(new FuzzIndex(index.name(), indexAttributes, keys.get(indexAttributes.get(0)).columns(),
            indexAttributes.size() > 1 ? keys.get(indexAttributes.get(1)).columns() : List.of()));
      }
    }
    Optional<FuzzTable.Hierarchy> hierarchy = Optional.ofNullable(node.get("hierarchy"))
        .map(h -> new FuzzTable.Hierarchy(h.get("path").asText(), h.get("parent").asText(), h.get("delimiter").asText()));
    Map<String, String> references = new LinkedHashMap<>();
    node.path("references").properties().forEach(r -> references.put(r.getKey(), r.getValue().asText()));
    return new FuzzTable(name, source, columns, columns.size() == types.size(), keys, keys.get(ownKeys.get(0)).template(),
        keys.get(ownKeys.get(0)).columns(),
        ownKeys.size() > 1 ? keys.get(ownKeys.get(1)).columns() : List.of(),
        indexes, hierarchy, references);
  }

  FuzzTable table(String name) {
    return tables.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }
}
