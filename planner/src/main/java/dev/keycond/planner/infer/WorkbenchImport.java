package dev.keycond.planner.infer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.JsonTree;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads a NoSQL Workbench data model (its JSON export: {@code DataModel}, each table's
 * {@code KeyAttributes}, {@code NonKeyAttributes}, {@code GlobalSecondaryIndexes} and
 * {@code TableFacets}) into a mapping, one SQL table per facet. A facet with sample items
 * ({@code TableData}) is proposed from them as an inference would be; one without is proposed from
 * its key aliases ({@code USER#<id>} or {@code USER#{id}}: a label and a slot; {@code PROFILE}: a
 * label; {@code UserId}: the whole key is that column) and the attribute types the table declares.
 */
public final class WorkbenchImport {
  private static final Pattern SLOT = Pattern.compile("<([^<>{}]+)>|\\{([^{}]+)}");
  private static final Pattern LABEL = Pattern.compile("[A-Z][A-Z0-9_]*");

  private WorkbenchImport() {}

  /**
   * The mapping of the model's facets.
   *
   * @param origin the model's file, named in errors
   * @throws KeycondException (42Z10) when the text is not a Workbench data model
   */
  public static ProposedMapping read(String json, String origin) {
    JsonNode root;
    try {
      root = JsonTree.parse(json);
    } catch (JsonProcessingException e) {
      throw invalid(origin + " is not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.path("DataModel").isArray()) {
      throw invalid(origin + " is not a NoSQL Workbench data model: it has no \"DataModel\" list");
    }
    List<ProposedTable> tables = new ArrayList<>();
    List<ItemSample> samples = new ArrayList<>();
    Map<Map<String, AttributeValue>, String> placed = new IdentityHashMap<>();
    Set<String> taken = new HashSet<>();
    int facets = 0;
    for (JsonNode model : root.get("DataModel")) {
      SourceTable source = source(model, origin);
      Map<String, ColumnType> declared = declaredTypes(model);
      List<Map<String, AttributeValue>> sourceItems = new ArrayList<>();
      for (JsonNode facet : model.path("TableFacets")) {
        facets++;
        String facetName = text(facet, "FacetName", origin + ", a facet of table " + source.name());
        String name = MappingInference.unique(MappingInference.snakeCase(facetName), taken);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (JsonNode item : facet.path("TableData")) {
          items.add(item(item, origin + ", facet " + facetName));
        }
        ProposedTable table = items.isEmpty() ? fromAliases(name, source, facet, declared, origin)
            : EntityProposer.propose(name, source, "#", items, Optional.empty());
        tables.add(table.withNotes(ImmutableList.of("facet " + facetName + " of table " + source.name()
            + (items.isEmpty() ? ", from its key aliases (no sample items)" : ", from its " + items.size()
            + " sample items"))));
        items.forEach(item -> placed.put(item, name));
        sourceItems.addAll(items);
      }
      samples.add(new ItemSample(source, ImmutableList.copyOf(sourceItems), 0, true));
    }
    ProposedMapping proposal = new ProposedMapping(ImmutableList.copyOf(tables), ImmutableList.of(),
        ImmutableList.of("Read " + origin + ": " + samples.size() + " table" + (samples.size() == 1 ? "" : "s")
            + ", " + facets + " facet" + (facets == 1 ? "" : "s") + "; nothing was read from DynamoDB"), false);
    return ProposalCheck.check(proposal, samples, placed);
  }

  private static SourceTable source(JsonNode model, String origin) {
    String name = text(model, "TableName", origin + ", a table");
    String where = origin + ", table " + name;
    Map<String, AttributeType> types = new LinkedHashMap<>();
    KeySchema keys = keySchema(model.path("KeyAttributes"), types, where);
    ImmutableList.Builder<SourceIndex> indexes = ImmutableList.builder();
    for (JsonNode index : model.path("GlobalSecondaryIndexes")) {
      String indexName = text(index, "IndexName", where + ", an index");
      JsonNode projection = index.path("Projection");
      String projectionType = projection.path("ProjectionType").asText("ALL");
      SourceIndex.Projection kind = Arrays.stream(SourceIndex.Projection.values())
          .filter(p -> p.name().equals(projectionType)).findFirst().orElseThrow(() -> invalid(where + ", index "
              + indexName + ": ProjectionType is ALL, KEYS_ONLY or INCLUDE, not " + projectionType));
      ImmutableSet.Builder<String> included = ImmutableSet.builder();
      projection.path("NonKeyAttributes").forEach(a -> included.add(a.asText()));
      indexes.add(new SourceIndex(indexName, SourceIndex.Kind.GLOBAL,
          keySchema(index.path("KeyAttributes"), types, where + ", index " + indexName), kind, included.build()));
    }
    return new SourceTable(name, keys, ImmutableMap.copyOf(types), indexes.build());
  }

  private static KeySchema keySchema(JsonNode keys, Map<String, AttributeType> types, String where) {
    String hash = keyAttribute(keys.path("PartitionKey"), types, where + ", PartitionKey");
    Optional<String> range = keys.has("SortKey")
        ? Optional.of(keyAttribute(keys.get("SortKey"), types, where + ", SortKey")) : Optional.empty();
    return new KeySchema(hash, range);
  }

  private static String keyAttribute(JsonNode key, Map<String, AttributeType> types, String where) {
    String name = text(key, "AttributeName", where);
    String type = key.path("AttributeType").asText("S");
    if (!List.of("S", "N", "B").contains(type)) {
      throw invalid(where + ": a key attribute is S, N or B, not " + type);
    }
    types.put(name, AttributeType.ofKeyType(type));
    return name;
  }

  /** The types the table declares for its attributes, as column types. */
  private static Map<String, ColumnType> declaredTypes(JsonNode model) {
    Map<String, ColumnType> types = new LinkedHashMap<>();
    for (JsonNode attribute : model.path("NonKeyAttributes")) {
      String type = attribute.path("AttributeType").asText("S");
      types.put(attribute.path("AttributeName").asText(), switch (type) {
        case "N" -> ColumnType.DECIMAL;
        case "BOOL" -> ColumnType.BOOLEAN;
        case "B" -> ColumnType.VARBINARY;
        case "SS" -> ColumnType.STRING_SET;
        case "NS" -> ColumnType.NUMBER_SET;
        case "BS" -> ColumnType.BINARY_SET;
        case "M", "L" -> ColumnType.JSON;
        default -> ColumnType.VARCHAR;
      });
    }
    return types;
  }

  /** A facet without items: its key aliases read as templates, its attributes as the table declares them. */
  private static ProposedTable fromAliases(String name, SourceTable source, JsonNode facet,
      Map<String, ColumnType> declared, String origin) {
    JsonNode aliases = facet.path("KeyAttributeAlias");
    Map<String, ProposedColumn> columns = new LinkedHashMap<>();
    Map<String, String> keys = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    List<String> aliasFields = List.of("PartitionKeyAlias", "SortKeyAlias");
    for (int k = 0; k < source.keys().attributes().size(); k++) {
      String key = source.keys().attributes().get(k);
      String alias = aliases.path(aliasFields.get(k)).asText(key);
      AttributeType keyType = source.keyAttributeType(key);
      StringBuilder template = new StringBuilder();
      Matcher slot = SLOT.matcher(alias);
      int end = 0;
      while (slot.find()) {
        template.append(alias, end, slot.start());
        String column = slot.group(1) != null ? slot.group(1) : slot.group(2);
        template.append('{').append(column).append('}');
        columns.putIfAbsent(column, ProposedColumn.of(column, ColumnType.VARCHAR));
        end = slot.end();
      }
      template.append(alias.substring(end));
      if (end == 0 && (keyType != AttributeType.S || !LABEL.matcher(alias).matches())) {
        template.setLength(0);
        template.append('{').append(alias).append('}');
        columns.put(alias, ProposedColumn.of(alias, keyType == AttributeType.N ? ColumnType.DECIMAL
            : keyType == AttributeType.B ? ColumnType.VARBINARY : ColumnType.VARCHAR));
        notes.add("key " + key + " holds column " + alias + " as it is (its alias names no label or slot)");
      }
      keys.put(key, template.toString());
    }
    for (JsonNode attribute : facet.path("NonKeyAttributes")) {
      String attributeName = attribute.asText();
      if (!source.keys().isKeyAttribute(attributeName) && !columns.containsKey(attributeName)) {
        ColumnType type = declared.getOrDefault(attributeName, ColumnType.VARCHAR);
        columns.put(attributeName, ProposedColumn.of(attributeName, type));
      }
    }
    notes.add("columns in key slots are VARCHAR; the others have the types the model declares");
    return new ProposedTable(name, source.name(), ImmutableList.copyOf(columns.values()), ImmutableMap.copyOf(keys),
        ImmutableMap.of(), Optional.empty(), ImmutableList.copyOf(notes));
  }

  /** An item in DynamoDB's JSON, as the model's {@code TableData} holds it. */
  private static Map<String, AttributeValue> item(JsonNode node, String where) {
    if (!node.isObject()) {
      throw invalid(where + ": an item of TableData is not an object");
    }
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    node.properties().forEach(e -> item.put(e.getKey(), value(e.getValue(), where + ", attribute " + e.getKey())));
    return item;
  }

  private static AttributeValue value(JsonNode node, String where) {
    if (!node.isObject() || node.size() != 1) {
      throw invalid(where + ": a value must be typed, like {\"S\": \"x\"}, not " + node);
    }
    Map.Entry<String, JsonNode> typed = node.properties().iterator().next();
    JsonNode v = typed.getValue();
    return switch (typed.getKey()) {
      case "S" -> AttributeValue.fromS(v.asText());
      case "N" -> AttributeValue.fromN(v.asText());
      case "B" -> AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(v.asText())));
      case "BOOL" -> AttributeValue.fromBool(v.asBoolean());
      case "NULL" -> AttributeValue.fromNul(true);
      case "SS" -> AttributeValue.fromSs(texts(v));
      case "NS" -> AttributeValue.fromNs(texts(v));
      case "BS" -> AttributeValue.fromBs(texts(v).stream()
          .map(b -> SdkBytes.fromByteArray(Base64.getDecoder().decode(b))).toList());
      case "M" -> AttributeValue.fromM(item(v, where));
      case "L" -> {
        List<AttributeValue> list = new ArrayList<>();
        v.forEach(element -> list.add(value(element, where)));
        yield AttributeValue.fromL(list);
      }
      default -> throw invalid(where + ": unknown DynamoDB type " + typed.getKey());
    };
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(t -> texts.add(t.asText()));
    return texts;
  }

  private static String text(JsonNode node, String field, String where) {
    JsonNode value = node.path(field);
    if (!value.isTextual() || value.asText().isEmpty()) {
      throw invalid(where + " has no \"" + field + "\"");
    }
    return value.asText();
  }

  private static KeycondException invalid(String message) {
    return new KeycondException(SqlState.INVALID_MAPPING, "Cannot import the model: " + message);
  }
}
