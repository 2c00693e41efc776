package dev.keycond.planner.mapping;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads a mapping file and checks everything that can be checked without DynamoDB. Every error
 * names the table and the field at fault, because the person reading it is editing that file.
 */
public final class MappingParser {
  private static final String INLINE = "inline:";
  private static final Set<String> TABLE_FIELDS =
      Set.of("source", "columns", "keys", "hierarchy", "references", "shard", "constants");
  private static final List<String> SHARD_FIELDS = List.of("column", "of", "count");
  private static final List<String> HIERARCHY_FIELDS = List.of("path", "delimiter", "parent");
  private static final Set<String> COLUMN_FIELDS = Set.of("type", "attribute");

  private MappingParser() {}

  /**
   * Loads the {@code mapping} connection property: a file path, or {@code inline:} JSON; a text
   * parsed before in this JVM is not parsed again ({@link ParsedMappings}).
   */
  public static Mapping load(String property) {
    if (property == null || property.isBlank()) {
      return Mapping.EMPTY;
    }
    if (property.startsWith(INLINE)) {
      return ParsedMappings.of(property.substring(INLINE.length()), "inline mapping");
    }
    Path path = Path.of(property);
    try {
      return ParsedMappings.of(Files.readString(path, StandardCharsets.UTF_8), "mapping file " + path);
    } catch (NoSuchFileException e) {
      throw error("mapping file " + path + " does not exist");
    } catch (IOException e) {
      throw new KeycondException(
          SqlState.INVALID_MAPPING, "Invalid mapping: cannot read mapping file " + path + ": " + e.getMessage(), e);
    }
  }

  public static Mapping parse(String json, String origin) {
    JsonNode root;
    try {
      root = JsonTree.parse(json);
    } catch (JsonProcessingException e) {
      // A limit of the parser's (a number of over 1,000 digits, nesting over 1,000 deep) has no location.
      throw error(origin + " is not valid JSON: " + e.getOriginalMessage() + (e.getLocation() == null ? ""
          : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")"));
    }
    if (root == null || !root.isObject() || !root.path("tables").isObject()) {
      throw error(origin + " must be a JSON object with a \"tables\" object");
    }
    Map<String, TableMapping> tables = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : root.get("tables").properties()) {
      tables.put(entry.getKey(), parseTable(origin, entry.getKey(), entry.getValue()));
    }
    for (TableMapping table : tables.values()) {
      checkReferences(origin, table, tables);
    }
    return new Mapping(ImmutableMap.copyOf(tables));
  }

  private static TableMapping parseTable(String origin, String name, JsonNode node) {
    TableErrors errors = new TableErrors(origin, name);
    if (!node.isObject()) {
      throw errors.at("", "must be an object with \"source\", \"columns\" and \"keys\"");
    }
    checkFields(errors, "", node, TABLE_FIELDS);
    String source = requiredText(errors, node, "source");

    JsonNode columnsNode = node.path("columns");
    if (!columnsNode.isObject() || columnsNode.isEmpty()) {
      throw errors.at("columns", "must be an object of column name to type");
    }
    ImmutableList.Builder<Column> columns = ImmutableList.builder();
    for (Map.Entry<String, JsonNode> c : columnsNode.properties()) {
      columns.add(parseColumn(errors, c.getKey(), c.getValue()));
    }
    ImmutableList<Column> columnList = columns.build();

    JsonNode keysNode = node.path("keys");
    if (!keysNode.isObject() || keysNode.isEmpty()) {
      throw errors.at("keys", "must map each DynamoDB key attribute to a template, like {\"PK\": \"USER#{id}\"}");
    }
    Map<String, KeyTemplate> keys = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> k : keysNode.properties()) {
      String field = "keys." + k.getKey();
      if (!k.getValue().isTextual()) {
        throw errors.at(field, "must be a template string");
      }
      KeyTemplate template;
      try {
        template = KeyTemplate.parse(k.getValue().asText());
      } catch (IllegalArgumentException e) {
        throw errors.at(field, "template '" + k.getValue().asText() + "': " + e.getMessage());
      }
      checkSlots(errors, field, template, columnList);
      keys.put(k.getKey(), template);
    }

    TableMapping partial =
        new TableMapping(name, source, columnList, ImmutableMap.copyOf(keys), Optional.empty(), ImmutableList.of(),
            Optional.empty());
    Optional<Hierarchy> hierarchy = parseHierarchy(errors, node.get("hierarchy"), partial);
    ImmutableList<Reference> references = parseReferences(errors, node.get("references"), partial);
    Optional<Sharding> sharding = parseSharding(errors, node.get("shard"), partial, hierarchy);
    ImmutableMap<String, Constant> constants = parseConstants(errors, node.get("constants"), partial);
    return new TableMapping(name, source, columnList, ImmutableMap.copyOf(keys), hierarchy, references, sharding,
        constants);
  }

  /**
   * {@code "constants": {"EntityType": "Order", "version": 2, "active": true}}: a string is an S, a
   * number an N, a boolean a BOOL. A constant cannot be a key attribute, which its templates compute.
   */
  private static ImmutableMap<String, Constant> parseConstants(TableErrors errors, JsonNode node, TableMapping table) {
    if (node == null || node.isNull()) {
      return ImmutableMap.of();
    }
    if (!node.isObject()) {
      throw errors.at("constants", "must map an attribute to its value, like {\"EntityType\": \"Order\"}");
    }
    ImmutableMap.Builder<String, Constant> constants = ImmutableMap.builder();
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      String field = "constants." + e.getKey();
      JsonNode value = e.getValue();
      if (e.getKey().isEmpty()) {
        throw errors.at(field, "names no attribute");
      }
      if (table.keys().containsKey(e.getKey())) {
        throw errors.at(field, "is also under \"keys\" with template '" + table.keys().get(e.getKey())
            + "'; a key attribute is computed by its template, so it cannot be a constant");
      }
      Constant constant;
      if (value.isTextual()) {
        constant = new Constant(e.getKey(), AttributeType.S, value.asText());
      } else if (value.isNumber()) {
        if (!DynamoNumbers.holds(value.decimalValue())) {
          throw errors.at(field, "is " + value.decimalValue() + ", which DynamoDB cannot store: its numbers have "
              + DynamoNumbers.LIMITS);
        }
        constant = new Constant(e.getKey(), AttributeType.N, value.decimalValue().toString());
      } else if (value.isBoolean()) {
        constant = new Constant(e.getKey(), AttributeType.BOOL, value.asText());
      } else {
        throw errors.at(field, "must be a string (S), a number (N) or a boolean (BOOL), not " + value);
      }
      constants.put(e.getKey(), constant);
    }
    return constants.build();
  }

  private static Column parseColumn(TableErrors errors, String name, JsonNode node) {
    String field = "columns." + name;
    String typeText;
    String attribute = name;
    Column.Storage storage = Column.Storage.DEFAULT;
    if (node.isTextual()) {
      typeText = node.asText();
    } else if (node.isObject()) {
      checkFields(errors, field, node, COLUMN_FIELDS);
      typeText = requiredText(errors, node, "type", field);
      if (node.has("attribute") && node.get("attribute").isNull()) {
        storage = Column.Storage.KEYS_ONLY;
      } else if (node.has("attribute")) {
        attribute = requiredText(errors, node, "attribute", field);
        storage = Column.Storage.DECLARED;
      }
    } else {
      throw errors.at(field, "must be a type name or {\"type\": ..., \"attribute\": ...}");
    }
    ColumnType type = ColumnType.parse(typeText).orElseThrow(() -> errors.at(field,
        "unknown type '" + typeText + "'; use one of " + ColumnType.names()));
    return new Column(name, type, attribute, storage);
  }

  private static void checkSlots(TableErrors errors, String field, KeyTemplate template, List<Column> columns) {
    Set<String> seen = new HashSet<>();
    for (Slot slot : template.slots()) {
      Column column = columns.stream().filter(c -> c.name().equals(slot.column())).findFirst()
          .orElseThrow(() -> errors.at(field, "template '" + template + "' uses column '" + slot.column()
              + "', which is not declared in \"columns\""));
      if (!seen.add(slot.column())) {
        throw errors.at(field, "template '" + template + "' uses column '" + slot.column() + "' twice");
      }
      if (!column.type().isScalar()) {
        throw errors.at(field, "template '" + template + "' uses " + column.type() + " column '" + slot.column()
            + "'; only single values (text, numbers, dates, binary) can be part of a key");
      }
      if (slot.fixedWidth() && !column.type().isExactInteger()) {
        throw errors.at(field, "template '" + template + "' gives column '" + slot.column()
            + "' a zero-padded width, which only INTEGER and BIGINT columns can have");
      }
      if (column.type() == ColumnType.VARBINARY && !template.isIdentity()) {
        throw errors.at(field, "template '" + template + "' embeds VARBINARY column '" + slot.column()
            + "' in text; a binary column can only be a key on its own, as '{" + slot.column() + "}'");
      }
    }
  }

  private static Optional<Hierarchy> parseHierarchy(TableErrors errors, JsonNode node, TableMapping table) {
    if (node == null || node.isNull()) {
      return Optional.empty();
    }
    checkObject(errors, "hierarchy", node, HIERARCHY_FIELDS);
    String path = requiredText(errors, node, "path", "hierarchy");
    String delimiter = requiredText(errors, node, "delimiter", "hierarchy");
    String parent = requiredText(errors, node, "parent", "hierarchy");
    for (String[] ref : new String[][] {{"path", path}, {"parent", parent}}) {
      Column column = table.column(ref[1]).orElseThrow(() -> errors.at("hierarchy." + ref[0],
          "column '" + ref[1] + "' is not declared in \"columns\""));
      if (column.type() != ColumnType.VARCHAR) {
        throw errors.at("hierarchy." + ref[0], "column '" + ref[1] + "' must be VARCHAR to hold a path");
      }
    }
    return Optional.of(new Hierarchy(path, delimiter, parent));
  }

  /**
   * {@code "shard": {"column": "shard", "of": "id", "count": 10}}. The shard column must be an
   * integer in a slot of some key template, and {@code of} a column of a key template too, since a
   * row's shard must never change: it is part of the row's key.
   */
  private static Optional<Sharding> parseSharding(TableErrors errors, JsonNode node, TableMapping table,
      Optional<Hierarchy> hierarchy) {
    if (node == null || node.isNull()) {
      return Optional.empty();
    }
    checkObject(errors, "shard", node, SHARD_FIELDS);
    String column = requiredText(errors, node, "column", "shard");
    String of = requiredText(errors, node, "of", "shard");
    JsonNode count = node.get("count");
    if (count == null || !count.canConvertToInt() || !count.isIntegralNumber() || count.asInt() < 2) {
      throw errors.at("shard.count", "must be a whole number of shards, 2 or more");
    }
    Column shard = table.column(column).orElseThrow(() -> errors.at("shard.column",
        "column '" + column + "' is not declared in \"columns\""));
    if (!shard.type().isExactInteger()) {
      throw errors.at("shard.column", "column '" + column + "' must be INTEGER or BIGINT to hold a shard number");
    }
    if (table.column(of).isEmpty() || of.equals(column)) {
      throw errors.at("shard.of", "must name another column declared in \"columns\", not '" + of + "'");
    }
    boolean shardInKey = table.keys().values().stream().anyMatch(t -> t.columns().contains(column));
    boolean ofInKey = table.keys().values().stream().anyMatch(t -> t.columns().contains(of));
    if (!shardInKey || !ofInKey) {
      throw errors.at("shard", "columns '" + column + "' and '" + of + "' must both be slots of key templates: the "
          + "shard is part of the partition key, and is computed from a key column so that it never changes");
    }
    if (hierarchy.isPresent()) {
      throw errors.at("shard", "a table with a hierarchy cannot be sharded: a subtree would be spread over "
          + "shards, and its walk would no longer be one Query");
    }
    return Optional.of(new Sharding(column, of, count.asInt()));
  }

  private static ImmutableList<Reference> parseReferences(TableErrors errors, JsonNode node, TableMapping table) {
    if (node == null || node.isNull()) {
      return ImmutableList.of();
    }
    if (!node.isObject()) {
      throw errors.at("references", "must map a column to \"table.column\"");
    }
    ImmutableList.Builder<Reference> references = ImmutableList.builder();
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      String field = "references." + e.getKey();
      if (table.column(e.getKey()).isEmpty()) {
        throw errors.at(field, "column '" + e.getKey() + "' is not declared in \"columns\"");
      }
      String target = e.getValue().asText("");
      int dot = target.lastIndexOf('.');
      if (!e.getValue().isTextual() || dot <= 0 || dot == target.length() - 1) {
        throw errors.at(field, "must be \"table.column\", not '" + e.getValue() + "'");
      }
      references.add(new Reference(e.getKey(), target.substring(0, dot), target.substring(dot + 1)));
    }
    return references.build();
  }

  private static void checkReferences(String origin, TableMapping table, Map<String, TableMapping> tables) {
    TableErrors errors = new TableErrors(origin, table.name());
    for (Reference ref : table.references()) {
      String field = "references." + ref.column();
      TableMapping target = tables.get(ref.targetTable());
      if (target == null) {
        throw errors.at(field, "refers to table '" + ref.targetTable() + "', which the mapping does not declare");
      }
      if (target.column(ref.targetColumn()).isEmpty()) {
        throw errors.at(field, "refers to column '" + ref.targetColumn() + "', which table '"
            + ref.targetTable() + "' does not declare");
      }
    }
  }

  /** A nested object of exactly these fields, listed in the error in the order given. */
  private static void checkObject(TableErrors errors, String field, JsonNode node, List<String> fields) {
    if (!node.isObject()) {
      String last = "\"" + fields.get(fields.size() - 1) + "\"";
      String others = fields.subList(0, fields.size() - 1).stream().map(f -> "\"" + f + "\"")
          .collect(Collectors.joining(", "));
      throw errors.at(field, "must be an object with " + others + " and " + last);
    }
    checkFields(errors, field, node, fields);
  }

  private static void checkFields(TableErrors errors, String prefix, JsonNode node, Collection<String> allowed) {
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String n = names.next();
      if (!allowed.contains(n)) {
        throw errors.at(prefix.isEmpty() ? n : prefix + "." + n,
            "is not a known field; expected one of " + String.join(", ", allowed.stream().sorted().toList()));
      }
    }
  }

  private static String requiredText(TableErrors errors, JsonNode node, String field) {
    return requiredText(errors, node, field, "");
  }

  private static String requiredText(TableErrors errors, JsonNode node, String field, String prefix) {
    JsonNode value = node.get(field);
    String path = prefix.isEmpty() ? field : prefix + "." + field;
    if (value == null || !value.isTextual() || value.asText().isEmpty()) {
      throw errors.at(path, "is required and must be a non-empty string");
    }
    return value.asText();
  }

  private static KeycondException error(String message) {
    return new KeycondException(SqlState.INVALID_MAPPING, "Invalid mapping: " + message);
  }

  /** Builds errors that name the origin, the table and the field. */
  private record TableErrors(String origin, String table) {
    KeycondException at(String field, String problem) {
      String where = field.isEmpty() ? "" : ", field '" + field + "'";
      return error(origin + ": table '" + table + "'" + where + " " + problem);
    }
  }
}
