package dev.keycond.sqltests.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * DYNAMODB_TYPE where the JSON text alone would mislead: a binary value and a string that reads
 * the same as JSON text ({@code "aGk="}, the base64 of "hi"), in a table of its own so that a
 * DELETE touches no other test's data. The items left are read back with the raw SDK.
 */
@ExtendWith(DynaliteExtension.class)
class DynamoDbTypeWriteTest {
  private static final String TABLE = "dyntype_Docs";
  private static final String MAPPING = "mapping=inline:{\"tables\": {\"docs\": {\"source\": \"" + TABLE
      + "\", \"columns\": {\"id\": \"VARCHAR\", \"v\": \"JSON\"}, \"keys\": {\"id\": \"{id}\"}}}}";

  @Test
  void aBinaryValueAndTheStringOfItsBase64AreTwoTypesInSelectAndInDelete(DynamoServer server) throws SQLException {
    DynamoDbClient client = createdTable(server);
    client.putItem(b -> b.tableName(TABLE).item(Map.of("id", AttributeValue.fromS("bin"),
        "v", AttributeValue.fromB(SdkBytes.fromUtf8String("hi")))));
    client.putItem(b -> b.tableName(TABLE).item(Map.of("id", AttributeValue.fromS("text"),
        "v", AttributeValue.fromS("aGk="))));

    try (Connection connection = Keycond.connect(server.endpoint(), null, MAPPING);
        Statement statement = connection.createStatement()) {
      assertEquals(List.of(List.of("bin", "\"aGk=\"", "B"), List.of("text", "\"aGk=\"", "S")), Keycond.query(connection,
          "SELECT id, v, DYNAMODB_TYPE(v) AS t FROM docs WHERE id IN ('bin', 'text') ORDER BY id"));

      RequestRecorder.clear();
      assertEquals(1, statement.executeUpdate("DELETE FROM docs WHERE id IN ('bin', 'text') AND DYNAMODB_TYPE(v) = 'B'"));
      // Each row is read (strongly consistent) and checked before its conditional delete; the two
      // reads run concurrently, so they are compared in an order of their own.
      List<String> sent = RequestRecorder.dataRequests().stream()
          .map(r -> r.operation() + " " + r.keys() + (Boolean.TRUE.equals(r.consistentRead()) ? " consistent" : ""))
          .sorted().toList();
      assertEquals(List.of("DeleteItem [{id: 'bin'}]", "GetItem [{id: 'bin'}] consistent",
          "GetItem [{id: 'text'}] consistent"), sent, RequestRecorder.dataRequests()::toString);
    }
    assertEquals(List.of("text"), client.scan(b -> b.tableName(TABLE)).items().stream()
        .map(item -> item.get("id").s()).toList());
  }
  /** The test table, created by the first test that needs it. */
  private static synchronized DynamoDbClient createdTable(DynamoServer server) {
    DynamoDbClient client = server.client();
    if (!client.listTables().tableNames().contains(TABLE)) {
      client.createTable(b -> b.tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
          .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S)
              .build())
          .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build()));
    }
    return client;
  }

  /** The text EXPLAIN writes a list and a map in DynamoDB JSON, as the JSON EXPLAIN and the copyable requests do. */
  @Test
  void theTextExplainOfAWriteShowsListsAndMapsInDynamoDbJson(DynamoServer server) throws SQLException {
    createdTable(server);
    try (Connection connection = Keycond.connect(server.endpoint(), null, MAPPING)) {
      String plan = String.join("\n", Keycond.column(connection.createStatement().executeQuery(
          "EXPLAIN PLAN FOR INSERT INTO docs (id, v) VALUES ('x', '{\"l\":[1,\"a\",null,true,{\"k\":\"v\"}],"
              + "\"m\":{\"a\":{\"b\":[]}}}')")));
      assertTrue(plan.contains("{\"L\":[{\"N\":\"1\"},{\"S\":\"a\"},{\"NULL\":true},{\"BOOL\":true},"
          + "{\"M\":{\"k\":{\"S\":\"v\"}}}]}"), plan);
      assertTrue(plan.contains("{\"b\":{\"L\":[]}}"), plan);
      assertFalse(plan.contains("AttributeValue("), plan);
    }
  }
}
