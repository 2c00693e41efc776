package dev.keycond.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * The local server's lifetime, which is the parent's to end, not a terminal's Ctrl-C; and its
 * table changes, which are done when it answers them.
 */
class DynaliteTest {
  /**
   * dynalite records a new table's ACTIVE state only after it answers CreateTable, so that a PutItem
   * sent at once could be refused as ResourceNotFound (a test failed so under load); the launcher
   * holds the answer until the change is recorded. Many rounds, as the race is narrow.
   */
  @Test
  void aTableIsUsableOrGoneAsSoonAsCreateOrDeleteTableAnswers() throws Exception {
    try (Dynalite dynalite = new Dynalite(); DynamoDbClient client = Dynalite.client(dynalite.endpoint())) {
      for (int round = 0; round < 40; round++) {
        String table = "table" + round;
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
            .attributeDefinitions(string("id"), string("tag")).keySchema(key("id"))
            .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("ByTag").keySchema(key("tag"))
                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build()));
        TableDescription created = client.describeTable(b -> b.tableName(table)).table();
        assertEquals(TableStatus.ACTIVE, created.tableStatus());
        assertEquals(IndexStatus.ACTIVE, created.globalSecondaryIndexes().get(0).indexStatus());
        client.putItem(b -> b.tableName(table).item(Map.of("id", AttributeValue.fromS("a"),
            "tag", AttributeValue.fromS("x"))));
        client.deleteTable(b -> b.tableName(table));
        assertThrows(ResourceNotFoundException.class, () -> client.describeTable(b -> b.tableName(table)));
      }
      assertEquals(List.of(), client.listTables().tableNames());
    }
  }

  private static AttributeDefinition string(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static KeySchemaElement key(String name) {
    return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
  }

  @Test
  void ctrlCInTheTerminalDoesNotStopTheServer() throws Exception {
    assumeFalse(System.getProperty("os.name", "").startsWith("Windows"), "SIGINT is a POSIX signal");
    // Other tests of this JVM may have a server running already.
    List<ProcessHandle> before = servers();
    try (Dynalite dynalite = new Dynalite(); DynamoDbClient client = Dynalite.client(dynalite.endpoint())) {
      List<ProcessHandle> servers = servers().stream().filter(p -> !before.contains(p)).toList();
      assertEquals(1, servers.size(), servers::toString);
      Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(servers.get(0).pid())).inheritIO().start();
      assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -INT ran");
      Thread.sleep(500);
      assertTrue(servers.get(0).isAlive(), "the server outlives SIGINT");
      assertEquals(List.of(), client.listTables().tableNames());
    }
  }

  private static List<ProcessHandle> servers() {
    return ProcessHandle.current().children()
        .filter(p -> p.info().commandLine().orElse("").contains("server.js")).toList();
  }
}
