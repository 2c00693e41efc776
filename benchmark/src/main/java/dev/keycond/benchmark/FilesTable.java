package dev.keycond.benchmark;

import dev.keycond.demo.ActiveTables;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The README's {@code files} table: source table {@code Drive}, partition key
 * {@code PK = DRIVE#{account}}, sort key {@code SK = {path}}, and the path hierarchy. One extra
 * column, {@code note}, carries the ~1 KB payload of the streaming subtree, so that keycond and
 * the raw SDK read the same bytes.
 */
final class FilesTable {
  static final String SOURCE = "Drive";
  static final String ACCOUNT = "a1";
  static final String PARTITION = DriveTree.partition(ACCOUNT);
  /**
   * The property that makes keycond's requests those of the raw SDK's baseline, which does not ask
   * for the consumed capacity.
   */
  static final String NOT_ASKING = "consumedCapacity=none";

  /** Inline, so the benchmark needs no file next to the jar. */
  static final String MAPPING = """
      inline:{"tables": {"files": {
        "source": "Drive",
        "columns": {"account": "VARCHAR", "path": "VARCHAR", "parent": "VARCHAR",
                    "size": "BIGINT", "modified": "TIMESTAMP", "note": "VARCHAR"},
        "keys": {"PK": "DRIVE#{account}", "SK": "{path}"},
        "hierarchy": {"path": "path", "delimiter": "/", "parent": "parent"}}}}"""
      .replace("\n", " ");

  private FilesTable() {}

  /** The keycond URL for {@code endpoint}, with the same fixed credentials as {@link RawSdk}. */
  static String jdbcUrl(String endpoint) {
    return jdbcUrl(endpoint, "");
  }

  /** The URL of a connection with {@link #NOT_ASKING}, whose requests are the raw SDK's. */
  static String jdbcUrlNotAsking(String endpoint) {
    return jdbcUrl(endpoint, NOT_ASKING + ";");
  }

  /** The same URL with {@code properties} ({@code name=value;}...) before the mapping, which ends it. */
  static String jdbcUrl(String endpoint, String properties) {
    return "jdbc:keycond:region=" + RawSdk.REGION + ";endpoint=" + endpoint
        + ";user=" + RawSdk.ACCESS_KEY + ";password=" + RawSdk.SECRET_KEY + ";" + properties + "mapping=" + MAPPING;
  }

  static void create(DynamoDbClient client) {
    client.createTable(b -> b.tableName(SOURCE)
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(
            AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("SK").attributeType(ScalarAttributeType.S).build())
        .keySchema(List.of(
            KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build())));
    ActiveTables.await(client, SOURCE);
  }
}
