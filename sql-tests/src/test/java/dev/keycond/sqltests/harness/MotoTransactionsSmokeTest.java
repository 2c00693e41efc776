package dev.keycond.sqltests.harness;

import dev.keycond.demo.ActiveTables;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * What the transactions work builds on, with the raw SDK against moto: a TransactWriteItems
 * applies every action, and one whose condition fails is cancelled with a reason per action and
 * writes nothing.
 */
@ExtendWith(MotoExtension.class)
class MotoTransactionsSmokeTest {
  private static final String TABLE = "moto_smoke_accounts";

  private final DynamoDbClient client;

  MotoTransactionsSmokeTest(DynamoServer moto) {
    assertEquals(ServerKind.MOTO, moto.kind());
    client = moto.client();
  }

  @BeforeAll
  static void createTable(DynamoServer moto) {
    moto.client().createTable(table -> table
        .tableName(TABLE)
        .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build())
        .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build())
        .billingMode(BillingMode.PAY_PER_REQUEST));
    ActiveTables.await(moto.client(), TABLE);
  }

  @Test
  void appliesEveryAction() {
    client.putItem(b -> b.tableName(TABLE).item(account("applied-old", 5)));
    client.putItem(b -> b.tableName(TABLE).item(account("applied-gone", 1)));

    client.transactWriteItems(b -> b.transactItems(
        put(account("applied-new", 10), "attribute_not_exists(id)"),
        TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(key("applied-old"))
            .updateExpression("SET balance = balance + :d")
            .conditionExpression("attribute_exists(id)")
            .expressionAttributeValues(Map.of(":d", number(7)))).build(),
        TransactWriteItem.builder().delete(d -> d.tableName(TABLE).key(key("applied-gone"))
            .conditionExpression("attribute_exists(id)")).build()));

    assertEquals(Map.of("applied-new", "10", "applied-old", "12"), balances("applied-"));
  }

  @Test
  void aFailedConditionCancelsEveryActionWithItsReason() {
    client.putItem(b -> b.tableName(TABLE).item(account("cancelled-taken", 3)));
    client.putItem(b -> b.tableName(TABLE).item(account("cancelled-kept", 4)));

    TransactionCanceledException cancelled = assertThrows(TransactionCanceledException.class,
        () -> client.transactWriteItems(b -> b.transactItems(
            put(account("cancelled-new", 1), "attribute_not_exists(id)"),
            TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(key("cancelled-kept"))
                .updateExpression("SET balance = :b")
                .expressionAttributeValues(Map.of(":b", number(40)))).build(),
            put(account("cancelled-taken", 99), "attribute_not_exists(id)"))));

    assertEquals(List.of("None", "None", "ConditionalCheckFailed"),
        cancelled.cancellationReasons().stream().map(CancellationReason::code).toList());
    // Nothing was written: the new item is absent and the others keep their values.
    assertEquals(Map.of("cancelled-taken", "3", "cancelled-kept", "4"), balances("cancelled-"));
  }

  private static TransactWriteItem put(Map<String, AttributeValue> item, String condition) {
    return TransactWriteItem.builder()
        .put(p -> p.tableName(TABLE).item(item).conditionExpression(condition)).build();
  }

  /** The balance of every item whose id starts with {@code prefix}, read back with a Scan. */
  private Map<String, String> balances(String prefix) {
    return client.scan(b -> b.tableName(TABLE).consistentRead(true)).items().stream()
        .filter(item -> item.get("id").s().startsWith(prefix))
        .collect(Collectors.toMap(item -> item.get("id").s(), item -> item.get("balance").n()));
  }

  private static Map<String, AttributeValue> account(String id, int balance) {
    return Map.of("id", AttributeValue.fromS(id), "balance", number(balance));
  }

  private static Map<String, AttributeValue> key(String id) {
    return Map.of("id", AttributeValue.fromS(id));
  }

  private static AttributeValue number(int value) {
    return AttributeValue.fromN(Integer.toString(value));
  }
}
