package dev.keycond.sqltests.support;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Fresh DynamoDB tables for one test, so that no test sees another's writes: the README's
 * drive ({@code files}, with a parent index and a sparse index of shared files) and single-table
 * control plane ({@code workspaces}, {@code projects}, {@code members}, and {@code tasks} in a
 * partition sharded four ways), each table named with a
 * number of its own. The items on the server are read back with the raw SDK.
 */
public final class FreshTables {
  private static final AtomicInteger NEXT = new AtomicInteger();

  public final String drive;
  public final String control;
  private final DynamoServer server;

  private FreshTables(DynamoServer server) {
    int n = NEXT.incrementAndGet();
    this.server = server;
    this.drive = "writes_Drive" + n;
    this.control = "writes_Control" + n;
    DynamoDbClient client = server.client();
    client.createTable(b -> b.tableName(drive).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(s("PK"), s("SK"), s("GPK"), s("SHARED"))
        .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
        .globalSecondaryIndexes(index("ByParent", "GPK"), index("Shared", "SHARED")));
    client.createTable(b -> b.tableName(control).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(s("EntityRef"), s("Detail"), s("GSI1PK"), s("GSI1SK"))
        .keySchema(key("EntityRef", KeyType.HASH), key("Detail", KeyType.RANGE))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSI1")
            .keySchema(key("GSI1PK", KeyType.HASH), key("GSI1SK", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
  }

  public static FreshTables create(DynamoServer server) {
    return new FreshTables(server);
  }

  /** The mapping of the tables, for the connection's {@code mapping} property. */
  public String mapping() {
    return "inline:{\"tables\": {"
        + "\"files\": {\"source\": \"" + drive + "\", \"columns\": {\"account\": \"VARCHAR\", \"path\": \"VARCHAR\","
        + " \"parent\": \"VARCHAR\", \"size\": \"BIGINT\", \"modified\": \"TIMESTAMP\", \"shared_with\": \"VARCHAR\","
        + " \"version\": \"INTEGER\", \"name\": \"VARCHAR\"},"
        + " \"keys\": {\"PK\": \"DRIVE#{account}\", \"SK\": \"{path}\", \"GPK\": \"DRIVE#{account}#{parent}\","
        + " \"SHARED\": \"SHARED#{shared_with}\"},"
        + " \"hierarchy\": {\"path\": \"path\", \"delimiter\": \"/\", \"parent\": \"parent\"}},"
        + "\"workspaces\": {\"source\": \"" + control + "\", \"columns\": {\"id\": \"VARCHAR\", \"name\": \"VARCHAR\","
        + " \"plan\": \"VARCHAR\"}, \"keys\": {\"EntityRef\": \"WS#{id}\", \"Detail\": \"META\"}},"
        + "\"projects\": {\"source\": \"" + control + "\", \"columns\": {\"workspace_id\": \"VARCHAR\", \"id\": \"VARCHAR\","
        + " \"name\": \"VARCHAR\", \"status\": \"VARCHAR\", \"version\": \"INTEGER\"},"
        + " \"keys\": {\"EntityRef\": \"WS#{workspace_id}\", \"Detail\": \"PROJ#{id}\", \"GSI1PK\": \"STATUS#{status}\","
        + " \"GSI1SK\": \"{id}\"}, \"references\": {\"workspace_id\": \"workspaces.id\"}},"
        + "\"members\": {\"source\": \"" + control + "\", \"columns\": {\"workspace_id\": \"VARCHAR\", \"user_id\": \"VARCHAR\","
        + " \"role\": \"VARCHAR\"}, \"keys\": {\"EntityRef\": \"WS#{workspace_id}\", \"Detail\": \"MEMBER#{user_id}\"}},"
        + "\"tasks\": {\"source\": \"" + control + "\", \"columns\": {\"workspace_id\": \"VARCHAR\", \"shard\": \"INTEGER\","
        + " \"id\": \"VARCHAR\", \"title\": \"VARCHAR\"},"
        + " \"keys\": {\"EntityRef\": \"TASKS#{workspace_id}#{shard:02}\", \"Detail\": \"TASK#{id}\"},"
        + " \"shard\": {\"column\": \"shard\", \"of\": \"id\", \"count\": 4}}"
        + "}}";
  }

  public Connection connect(String... properties) throws SQLException {
    return connectThrough(server.endpoint(), properties);
  }

  /** A connection to these tables through another endpoint, such as a proxy in front of the server. */
  public Connection connectThrough(String endpoint, String... properties) throws SQLException {
    List<String> all = new ArrayList<>(List.of(properties));
    all.add("mapping=" + mapping());
    return java.sql.DriverManager.getConnection(Keycond.url(endpoint), Keycond.properties(all.toArray(String[]::new)));
  }

  /** Every item of a table as the server holds it, in key order. */
  public List<Map<String, AttributeValue>> items(String table) {
    return table.equals(drive) ? ServerItems.of(server.client(), table, "PK", "SK")
        : ServerItems.of(server.client(), table, "EntityRef", "Detail");
  }

  /** Puts items with the raw SDK, as another client would have written them. */
  public void put(String table, Map<String, AttributeValue> item) {
    server.client().putItem(PutItemRequest.builder().tableName(table).item(item).build());
  }

  private static AttributeDefinition s(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static GlobalSecondaryIndex index(String name, String hash) {
    return GlobalSecondaryIndex.builder().indexName(name).keySchema(key(hash, KeyType.HASH))
        .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build();
  }
}
