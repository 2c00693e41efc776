package dev.keycond.sqltests.support;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The fixture of the tests of multi-attribute index keys (moto; dynalite has none): a table (HASH
 * id) with index ByTenantRegion, partition key tenant + region, sort key placed (N) + status, and
 * its six orders o1 to o6, four of them in the partition t1 + eu.
 */
public final class OrdersByTenantRegion {
  private OrdersByTenantRegion() {}

  /** Creates the table and puts its orders. */
  public static void create(DynamoDbClient client, String table) {
    client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(attribute("id", ScalarAttributeType.S), attribute("tenant", ScalarAttributeType.S),
            attribute("region", ScalarAttributeType.S), attribute("placed", ScalarAttributeType.N),
            attribute("status", ScalarAttributeType.S))
        .keySchema(key("id", KeyType.HASH))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("ByTenantRegion")
            .keySchema(key("tenant", KeyType.HASH), key("region", KeyType.HASH), key("placed", KeyType.RANGE),
                key("status", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
    put(client, table, "o1", "t1", "eu", 100, "open");
    put(client, table, "o2", "t1", "eu", 200, "open");
    put(client, table, "o3", "t1", "eu", 200, "shipped");
    put(client, table, "o4", "t1", "eu", 300, "closed");
    put(client, table, "o5", "t1", "us", 200, "open");
    put(client, table, "o6", "t2", "eu", 200, "open");
  }

  public static void put(DynamoDbClient client, String table, String id, String tenant, String region, int placed,
      String status) {
    client.putItem(b -> b.tableName(table).item(Map.of("id", AttributeValue.fromS(id),
        "tenant", AttributeValue.fromS(tenant), "region", AttributeValue.fromS(region),
        "placed", AttributeValue.fromN(Integer.toString(placed)), "status", AttributeValue.fromS(status))));
  }

  public static AttributeDefinition attribute(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  public static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }
}
