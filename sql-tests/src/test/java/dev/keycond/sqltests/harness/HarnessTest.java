package dev.keycond.sqltests.harness;

import dev.keycond.demo.ActiveTables;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** The harness end to end: dynalite starts, the SDK reaches it, and the recorder sees the SDK. */
@ExtendWith(DynaliteExtension.class)
class HarnessTest {
  private static final String TABLE = "harness_files";

  private final DynamoDbClient client;

  HarnessTest(DynamoServer server) {
    client = server.client();
  }

  @BeforeAll
  static void createTable(DynamoServer server) {
    DynamoDbClient client = server.client();
    client.createTable(table -> table
        .tableName(TABLE)
        .attributeDefinitions(stringAttribute("PK"), stringAttribute("SK"))
        .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
        .billingMode(BillingMode.PAY_PER_REQUEST));
    ActiveTables.await(client, TABLE);
    put(client, "DRIVE#a91", "root/photos/cat.jpg", 2048);
    put(client, "DRIVE#a91", "root/photos/ant.jpg", 512);
    put(client, "DRIVE#a91", "root/docs/cv.pdf", 100);
    put(client, "DRIVE#b22", "root/photos/dog.jpg", 4096);
  }

  @BeforeEach
  void forgetSetUpRequests() {
    RequestRecorder.clear();
  }

  @Test
  void recordsAQueryWithItsKeyConditionReadable() {
    QueryResponse response = client.query(query -> query
        .tableName(TABLE)
        .keyConditionExpression("#p = :p AND begins_with(#s, :s)")
        .expressionAttributeNames(Map.of("#p", "PK", "#s", "SK"))
        .expressionAttributeValues(Map.of(":p", s("DRIVE#a91"), ":s", s("root/photos/"))));

    assertEquals(List.of("root/photos/ant.jpg", "root/photos/cat.jpg"),
        response.items().stream().map(item -> item.get("SK").s()).toList());
    List<RecordedRequest> requests = RequestRecorder.requests();
    assertEquals(1, requests.size(), requests::toString);
    RecordedRequest recorded = requests.get(0);
    assertEquals("Query", recorded.operation());
    assertEquals(TABLE, recorded.tableName());
    assertEquals("PK = 'DRIVE#a91' AND begins_with(SK, 'root/photos/')", recorded.keyCondition());
    assertNull(recorded.indexName());
    assertNull(recorded.filter());
    assertNull(recorded.limit());
    assertEquals(TABLE, recorded.raw(QueryRequest.class).tableName());
  }

  @Test
  void rendersFiltersProjectionsAndPagingWithoutClobberingSimilarPlaceholders() {
    Map<String, AttributeValue> values =
        Map.of(":k0", s("n/a"), ":k1", s("DRIVE#a91"), ":k10", n("1000"));
    Map<String, AttributeValue> start = Map.of("PK", s("DRIVE#a91"), "SK", s("root/photos/zebra"));

    QueryResponse response = client.query(query -> query
        .tableName(TABLE)
        .keyConditionExpression("#k1 = :k1")
        .filterExpression("#k10 > :k10 AND #k10 <> :k0")
        .projectionExpression("#k1, #k10")
        .expressionAttributeNames(Map.of("#k1", "PK", "#k10", "size_bytes"))
        .expressionAttributeValues(values)
        .exclusiveStartKey(start)
        .scanIndexForward(false)
        .limit(10)
        .consistentRead(true)
        .select(Select.SPECIFIC_ATTRIBUTES));

    assertEquals(List.of("2048"),
        response.items().stream().map(item -> item.get("size_bytes").n()).toList());
    RecordedRequest recorded = RequestRecorder.requests().get(0);
    assertEquals("PK = 'DRIVE#a91'", recorded.keyCondition());
    assertEquals("size_bytes > 1000 AND size_bytes <> 'n/a'", recorded.filter());
    assertEquals("PK, size_bytes", recorded.projection());
    assertEquals("{PK: 'DRIVE#a91', SK: 'root/photos/zebra'}", recorded.exclusiveStartKey());
    assertEquals(Boolean.FALSE, recorded.scanIndexForward());
    assertEquals(10, recorded.limit());
    assertEquals(Boolean.TRUE, recorded.consistentRead());
    assertEquals("SPECIFIC_ATTRIBUTES", recorded.select());
  }

  @Test
  void keepsMetadataCallsOutOfDataRequests() {
    client.describeTable(table -> table.tableName(TABLE));
    client.listTables();
    var item = client.getItem(get -> get
        .tableName(TABLE)
        .key(Map.of("PK", s("DRIVE#a91"), "SK", s("root/docs/cv.pdf")))
        .projectionExpression("#size")
        .expressionAttributeNames(Map.of("#size", "size_bytes")))
        .item();

    assertEquals(Map.of("size_bytes", n("100")), item);
    assertEquals(List.of("DescribeTable", "ListTables", "GetItem"),
        RequestRecorder.requests().stream().map(RecordedRequest::operation).toList());
    List<RecordedRequest> data = RequestRecorder.dataRequests();
    assertEquals(1, data.size(), data::toString);
    RecordedRequest get = data.get(0);
    assertEquals(TABLE, get.tableName());
    assertEquals(List.of("{PK: 'DRIVE#a91', SK: 'root/docs/cv.pdf'}"), get.keys());
    assertEquals("size_bytes", get.projection());
    assertNull(get.keyCondition());
    assertSame(get.raw(), get.raw(GetItemRequest.class));
    RecordedRequest list = RequestRecorder.requests().get(1);
    assertTrue(list.tableNames().isEmpty(), list::toString);
    assertNull(list.tableName());
  }

  private static void put(DynamoDbClient client, String pk, String sk, int size) {
    client.putItem(put -> put
        .tableName(TABLE)
        .item(Map.of("PK", s(pk), "SK", s(sk), "size_bytes", n(Integer.toString(size)))));
  }

  private static AttributeDefinition stringAttribute(String name) {
    return AttributeDefinition.builder()
        .attributeName(name)
        .attributeType(ScalarAttributeType.S)
        .build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }

  private static AttributeValue n(String value) {
    return AttributeValue.fromN(value);
  }
}
