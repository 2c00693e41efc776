package dev.keycond.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keycond.planner.codec.DynamoJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * The demo's DynamoDB tables and items, read from {@code demo/data.json}: the drive trees of two
 * accounts ({@code Drive}), workspaces and their projects in one table ({@code Control}), both
 * mapped by {@code demo/mapping.json}, and an unmapped table ({@code Events}) that shows how raw
 * tables look.
 *
 * <p>The file lists, for each table, its key ({@code "key"}: attribute to type, partition key
 * first), its global indexes and its items. Item values are plain JSON: strings become S, numbers
 * N, booleans BOOL, arrays L and objects M.
 */
public final class DemoData {
  private static final ObjectMapper JSON = new ObjectMapper();

  private DemoData() {}

  /** Loads the demo tables into the server at {@code endpoint}. */
  public static void install(String endpoint) {
    try (DynamoDbClient client = Dynalite.client(endpoint)) {
      load(client);
    }
  }

  /**
   * Writes the demo tables' mapping to {@code file}, creating its folder, replacing what it held.
   * The file is whole at every moment, since two demos may write it at once.
   */
  public static void writeMapping(Path file) throws IOException {
    Path folder = file.toAbsolutePath().getParent();
    Files.createDirectories(folder);
    Path written = Files.createTempFile(folder, file.getFileName().toString(), ".tmp");
    try {
      Files.writeString(written, resource("demo/mapping.json"));
      Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(written);
    }
  }

  /** Creates every table of the data file and writes its items. */
  private static void load(DynamoDbClient client) {
    for (JsonNode table : read("demo/data.json").path("tables")) {
      String name = table.path("name").asText();
      createTable(client, name, table);
      for (JsonNode item : table.path("items")) {
        client.putItem(b -> b.tableName(name).item(DynamoJson.fromJson(item).m()));
      }
    }
  }

  /** A resource of the demo, as text. */
  public static String resource(String path) {
    try (InputStream in = DemoData.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("Missing resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode read(String path) {
    try {
      return JSON.readTree(resource(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void createTable(DynamoDbClient client, String name, JsonNode table) {
    Map<String, String> attributeTypes = new LinkedHashMap<>();
    List<KeySchemaElement> key = keySchema(table.path("key"), attributeTypes);
    List<GlobalSecondaryIndex> indexes = new ArrayList<>();
    for (JsonNode index : table.path("indexes")) {
      indexes.add(GlobalSecondaryIndex.builder()
          .indexName(index.path("name").asText())
          .keySchema(keySchema(index.path("key"), attributeTypes))
          .projection(p -> p.projectionType(ProjectionType.ALL))
          .build());
    }
    List<AttributeDefinition> definitions = new ArrayList<>();
    attributeTypes.forEach((attribute, type) -> definitions.add(
        AttributeDefinition.builder().attributeName(attribute).attributeType(type).build()));
    client.createTable(b -> b.tableName(name)
        .keySchema(key)
        .attributeDefinitions(definitions)
        .globalSecondaryIndexes(indexes.isEmpty() ? null : indexes)
        .billingMode(BillingMode.PAY_PER_REQUEST));
    ActiveTables.await(client, name);
  }

  /** The first attribute of {@code key} is the partition key, the second, if any, the sort key. */
  private static List<KeySchemaElement> keySchema(JsonNode key, Map<String, String> attributeTypes) {
    List<KeySchemaElement> elements = new ArrayList<>();
    key.properties().forEach(field -> {
      attributeTypes.put(field.getKey(), field.getValue().asText());
      elements.add(KeySchemaElement.builder()
          .attributeName(field.getKey())
          .keyType(elements.isEmpty() ? KeyType.HASH : KeyType.RANGE)
          .build());
    });
    return elements;
  }
}
