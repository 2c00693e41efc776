package dev.keycond.sqltests.harness;

import dev.keycond.demo.ActiveTables;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fixture.Fixtures;
import java.net.SocketException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.http.ConnectionClosedException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What each {@link Fault} does on the wire, seen by an SDK client that does not retry: DynamoDB's
 * errors parse as DynamoDB's (their bodies and CRC32 headers are right), a broken answer is a
 * client-side failure of the kind a network gives, and a rewritten batch passes the SDK's CRC32
 * check with exactly the keys it leaves out unprocessed.
 */
@ExtendWith(DynaliteExtension.class)
class FaultProxyTest {
  private static final Map<String, AttributeValue> ROOT =
      Map.of("PK", AttributeValue.fromS("DRIVE#a91"), "SK", AttributeValue.fromS("root/"));
  private static final String WRITES = "faultproxy_Writes";

  private static DynamoServer server;
  private static FaultProxy proxy;
  private static DynamoDbClient client;

  @BeforeAll
  @SuppressWarnings("deprecation") // keycond's HTTP client, so that the faults look as keycond sees them
  static void start(DynamoServer dynamo) {
    server = dynamo;
    Fixtures.load(server, "files");
    server.client().createTable(t -> t.tableName(WRITES)
        .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build())
        .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build())
        .provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(5L)));
    ActiveTables.await(server.client(), WRITES);
    proxy = FaultProxy.start(server.endpoint());
    client = DynamoDbClient.builder()
        .endpointOverride(URI.create(proxy.endpoint()))
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
        .httpClient(ApacheHttpClient.builder().build())
        .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry()).apiCallTimeout(Duration.ofSeconds(10)))
        .build();
  }

  @AfterEach
  void disarm() {
    proxy.reset();
  }

  @AfterAll
  static void stop() {
    client.close();
    proxy.close();
    server.client().deleteTable(t -> t.tableName(WRITES));
  }

  @Test
  void aRequestNoFaultClaimsPassesUnchanged() {
    assertEquals("root/", getRoot().get("SK").s());
    assertEquals(List.of(new ProxiedRequest("GetItem", false, Optional.empty())), proxy.requests());
  }

  @Test
  void throttlingIsDynamoDbsThrottlingError() {
    ArmedFault armed = proxy.arm(Trigger.on("GetItem"), Fault.throttle());

    ProvisionedThroughputExceededException e =
        assertThrows(ProvisionedThroughputExceededException.class, FaultProxyTest::getRoot);

    assertEquals(400, e.statusCode());
    assertEquals("ProvisionedThroughputExceededException", e.awsErrorDetails().errorCode());
    assertEquals(1, armed.fired());
  }

  @Test
  void aServerErrorIsDynamoDbsInternalServerError() {
    proxy.arm(Trigger.on("GetItem"), Fault.serverError());

    DynamoDbException e = assertThrows(DynamoDbException.class, FaultProxyTest::getRoot);

    assertEquals(500, e.statusCode());
    assertEquals("InternalServerError", e.awsErrorDetails().errorCode());
  }

  @Test
  void resetsBreakTheConnection() {
    for (Fault reset : List.of(Fault.resetBeforeResponse(), Fault.resetMidBody())) {
      proxy.arm(Trigger.on("GetItem"), reset);

      SdkClientException e = assertThrows(SdkClientException.class, FaultProxyTest::getRoot);

      assertTrue(hasCause(e, SocketException.class), () -> reset + ": " + e);
      proxy.disarmAll();
    }
  }

  /**
   * The Apache HTTP client, keycond's, reads an answer to its Content-Length, so a body cut short
   * ends in a premature end of the message, before the SDK's checksum of the body could.
   */
  @Test
  void aTruncatedBodyEndsBeforeItsContentLength() {
    proxy.arm(Trigger.on("GetItem"), Fault.truncatedBody());

    SdkClientException e = assertThrows(SdkClientException.class, FaultProxyTest::getRoot);

    assertTrue(hasCause(e, ConnectionClosedException.class), e::toString);
  }

  @Test
  void aStalledBodyArrivesWholeWhenTheStallEnds() {
    ArmedFault stall = proxy.arm(Trigger.on("GetItem"), Fault.stallMidBody(Duration.ofMillis(300)));

    assertEquals("root/", getRoot().get("SK").s());
    assertEquals(1, stall.fired());
  }

  @Test
  void aHangingRequestIsNeverAnswered() {
    proxy.arm(Trigger.on("GetItem"), Fault.hang());

    assertThrows(ApiCallTimeoutException.class, () -> client.getItem(g -> g.tableName("files_Drive").key(ROOT)
        .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofSeconds(1)))));
  }

  @Test
  void anOrdinalFailsOnlyThatRequest() {
    ArmedFault second = proxy.arm(Trigger.on("GetItem").nth(2), Fault.throttle());

    getRoot();
    assertThrows(ProvisionedThroughputExceededException.class, FaultProxyTest::getRoot);
    getRoot();

    assertEquals(1, second.fired());
    assertEquals(3, second.matched());
  }

  @Test
  void laterPagesAreTheRequestsThatCarryAnExclusiveStartKey() {
    ArmedFault later = proxy.arm(Trigger.on("Query").laterPages(), Fault.throttle());
    QueryRequest firstPage = QueryRequest.builder().tableName("files_Drive").limit(1)
        .keyConditionExpression("PK = :pk").expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("DRIVE#a91")))
        .build();

    QueryResponse page = client.query(firstPage);
    assertThrows(ProvisionedThroughputExceededException.class,
        () -> client.query(firstPage.toBuilder().exclusiveStartKey(page.lastEvaluatedKey()).build()));

    assertEquals(1, later.fired());
    assertEquals(List.of(false, true), proxy.requests("Query").stream().map(ProxiedRequest::laterPage).toList());
  }

  @Test
  void aBatchGetItemAnswersItsSecondHalfUnprocessed() {
    proxy.arm(Trigger.on("BatchGetItem"), Fault.unprocessed());
    List<Map<String, AttributeValue>> keys = List.of("root/", "root/100%/", "root/a_b/", "root/aXb/").stream()
        .map(sk -> Map.of("PK", AttributeValue.fromS("DRIVE#a91"), "SK", AttributeValue.fromS(sk))).toList();

    BatchGetItemResponse response = client.batchGetItem(b -> b.requestItems(Map.of("files_Drive",
        KeysAndAttributes.builder().keys(keys)
            .projectionExpression("SK").build())));

    assertEquals(List.of("root/", "root/100%/"), response.responses().get("files_Drive").stream()
        .map(item -> item.get("SK").s()).sorted().toList());
    assertEquals(keys.subList(2, 4), response.unprocessedKeys().get("files_Drive").keys());
    assertEquals("SK", response.unprocessedKeys().get("files_Drive").projectionExpression());
  }

  @Test
  void anUnprocessedWriteIsNotApplied() {
    proxy.arm(Trigger.on("BatchWriteItem"), Fault.unprocessed());
    List<WriteRequest> puts = IntStream.range(0, 4).mapToObj(i -> WriteRequest.builder()
        .putRequest(p -> p.item(Map.of("id", AttributeValue.fromS("w" + i)))).build()).toList();

    BatchWriteItemResponse response = client.batchWriteItem(b -> b.requestItems(Map.of(WRITES, puts)));

    assertEquals(puts.subList(2, 4), response.unprocessedItems().get(WRITES));
    for (int i = 0; i < 4; i++) {
      int id = i;
      boolean stored = server.client().getItem(g -> g.tableName(WRITES)
          .key(Map.of("id", AttributeValue.fromS("w" + id)))).hasItem();
      assertEquals(i < 2, stored, "w" + i);
    }
  }

  @Test
  void aCancelledTransactionGivesTheFirstActionsReasonAndNeverReachesTheServer() {
    proxy.arm(Trigger.on("TransactWriteItems"), Fault.cancelFirstAction("ValidationError", "Item too large"));
    List<TransactWriteItem> puts = IntStream.range(0, 2).mapToObj(i -> TransactWriteItem.builder()
        .put(p -> p.tableName(WRITES).item(Map.of("id", AttributeValue.fromS("t" + i)))).build()).toList();

    TransactionCanceledException e = assertThrows(TransactionCanceledException.class,
        () -> client.transactWriteItems(b -> b.transactItems(puts)));

    assertEquals(400, e.statusCode());
    assertEquals(List.of("ValidationError", "None"), e.cancellationReasons().stream().map(r -> r.code()).toList());
    assertEquals("Item too large", e.cancellationReasons().get(0).message());
    assertEquals(List.of(new ProxiedRequest("TransactWriteItems", false,
        Optional.of(Fault.cancelFirstAction("ValidationError", "Item too large")))), proxy.requests());
    assertFalse(server.client().getItem(g -> g.tableName(WRITES).key(Map.of("id", AttributeValue.fromS("t0"))))
        .hasItem());
  }

  @Test
  void aBatchOfOneIsUnprocessedWholeAndNeverForwarded() {
    proxy.arm(Trigger.on("BatchWriteItem"), Fault.unprocessed());
    List<WriteRequest> put = List.of(WriteRequest.builder()
        .putRequest(p -> p.item(Map.of("id", AttributeValue.fromS("alone")))).build());

    BatchWriteItemResponse response = client.batchWriteItem(b -> b.requestItems(Map.of(WRITES, put)));

    assertEquals(put, response.unprocessedItems().get(WRITES));
    assertFalse(server.client().getItem(g -> g.tableName(WRITES)
        .key(Map.of("id", AttributeValue.fromS("alone")))).hasItem());
  }

  @Test
  void triggersAndStallsAreCheckedWhereTheyAreBuilt() {
    assertThrows(IllegalArgumentException.class, () -> Trigger.on("Query").nth(0));
    assertThrows(IllegalArgumentException.class, () -> Trigger.on("DynamoDB_20120810.Query"));
    assertThrows(IllegalArgumentException.class, () -> Fault.stallMidBody(Duration.ZERO));
  }

  private static Map<String, AttributeValue> getRoot() {
    return client.getItem(g -> g.tableName("files_Drive").key(ROOT)).item();
  }

  private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
