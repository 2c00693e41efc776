package dev.keycond.sqltests.infer;

import static dev.keycond.sqltests.infer.InferredMappings.assertRoundTrip;
import static dev.keycond.sqltests.infer.InferredMappings.json;
import static dev.keycond.sqltests.infer.InferredMappings.texts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.keycond.planner.infer.ProposedMapping;
import dev.keycond.planner.infer.WorkbenchImport;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.TestResources;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
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
 * {@code keycond mapping import}: a NoSQL Workbench data model ({@code workbench/shop.model.json})
 * into a mapping, one table per facet: two facets proposed from their sample items, one from its
 * key aliases. The mapping loads, and reads the model's items, written to dynalite, as rows.
 */
@ExtendWith(DynaliteExtension.class)
class WorkbenchImportTest {
  private static final String MODEL = "workbench/shop.model.json";

  @Test
  void eachFacetBecomesATableThatReadsItsItems(DynamoServer server) throws Exception {
    RequestRecorder.clear();
    ProposedMapping proposal = WorkbenchImport.read(TestResources.read(MODEL), MODEL);
    assertEquals(List.of(), RequestRecorder.requests(), "an import reads nothing from DynamoDB");
    assertTrue(proposal.loads(), proposal.allNotes()::toString);
    assertEquals(List.of("customer", "order", "invoice"), proposal.tableNames());
    JsonNode tables = json(proposal).get("tables");
    assertEquals(Map.of("PK", "CUST#{cust_id}", "SK", "PROFILE"), texts(tables.at("/customer/keys")));
    assertEquals(Map.of("PK", "CUST#{cust_id}", "SK", "ORDER#{order_id}", "GSI1PK", "STATUS#{status}",
        "GSI1SK", "{order_id}"), texts(tables.at("/order/keys")));
    assertEquals(Map.of("cust_id", "VARCHAR", "order_id", "VARCHAR", "status", "VARCHAR", "total", "BIGINT"),
        texts(tables.at("/order/columns")));
    assertEquals(Map.of("PK", "CUST#{customer_id}", "SK", "INV#{invoice_id}"), texts(tables.at("/invoice/keys")));
    assertEquals(Map.of("customer_id", "VARCHAR", "invoice_id", "VARCHAR", "amount", "DECIMAL", "paid", "BOOLEAN"),
        texts(tables.at("/invoice/columns")));
    assertEquals(List.of("Read " + MODEL + ": 1 table, 3 facets; nothing was read from DynamoDB"), proposal.report());
    assertTrue(proposal.allNotes().contains("invoice: facet Invoice of table infer_Shop, from its key aliases "
        + "(no sample items)"), proposal.allNotes()::toString);

    createShop(server);
    assertRoundTrip(server, proposal, "infer_Shop", Map.of("customer", 2, "order", 2, "invoice", 1));
  }

  /** The model's table with its facets' sample items, and an invoice written as the Invoice facet says. */
  private static void createShop(DynamoServer server) {
    server.client().createTable(b -> b.tableName("infer_Shop").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(s("PK"), s("SK"), s("GSI1PK"), s("GSI1SK"))
        .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSI1")
            .keySchema(key("GSI1PK", KeyType.HASH), key("GSI1SK", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
    put(server, Map.of("PK", S("CUST#c1"), "SK", S("PROFILE"), "name", S("Ann")));
    put(server, Map.of("PK", S("CUST#c2"), "SK", S("PROFILE"), "name", S("Bob")));
    put(server, Map.of("PK", S("CUST#c1"), "SK", S("ORDER#o1"), "status", S("open"), "total",
        AttributeValue.fromN("40"), "GSI1PK", S("STATUS#open"), "GSI1SK", S("o1")));
    put(server, Map.of("PK", S("CUST#c2"), "SK", S("ORDER#o2"), "status", S("shipped"), "total",
        AttributeValue.fromN("12"), "GSI1PK", S("STATUS#shipped"), "GSI1SK", S("o2")));
    put(server, Map.of("PK", S("CUST#c1"), "SK", S("INV#i1"), "amount", AttributeValue.fromN("40.5"),
        "paid", AttributeValue.fromBool(true)));
  }

  private static void put(DynamoServer server, Map<String, AttributeValue> item) {
    server.client().putItem(p -> p.tableName("infer_Shop").item(item));
  }

  private static AttributeValue S(String text) {
    return AttributeValue.fromS(text);
  }

  private static AttributeDefinition s(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }
}
