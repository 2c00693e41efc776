package dev.keycond.sqltests.designs;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An invoice and its payments in one index partition (issue 24 point 3): both have
 * {@code GSI1PK = INV#{invoice}}, while their own keys ({@code INV#}, {@code PAY#}) differ. A
 * payment's invoice lives only in that index key. Fixture {@code billing}: i1 has payments p1 and
 * p2, i2 none, and p3 pays an invoice i3 that is not in the table.
 */
@ExtendWith(DynaliteExtension.class)
class BillingDesignTest {
  private static DynamoServer server;
  private static Connection ledger;

  @BeforeAll
  static void connect(DynamoServer dynamo) throws SQLException {
    server = dynamo;
    ledger = Keycond.loadAndConnect(server, "billing");
  }

  @AfterAll
  static void close() throws SQLException {
    ledger.close();
  }

  @Test
  void anInvoiceAndItsPaymentsAreOneQueryOfTheIndex() throws SQLException {
    assertEquals(List.of(List.of("acme", "p1", "100"), List.of("acme", "p2", "200")),
        query(ledger, "SELECT i.customer, p.id, p.amount FROM invoices i JOIN payments p ON p.invoice_id = i.id "
            + "WHERE i.id = 'i1' ORDER BY p.id"));
    RecordedRequest only = onlyRequest();
    assertEquals("Query", only.operation());
    assertEquals("GSI1", only.indexName());
    assertEquals("GSI1PK = 'INV#i1'", only.keyCondition());
  }

  @Test
  void theSameJoinBoundOnThePaymentsSideIsOneQueryToo() throws SQLException {
    assertEquals(List.of(List.of("i1", "300", "p2")),
        query(ledger, "SELECT i.id, i.amount, p.id FROM invoices i JOIN payments p ON p.invoice_id = i.id "
            + "WHERE p.invoice_id = 'i1' AND p.channel = 'wire'"));
    RecordedRequest only = onlyRequest();
    assertEquals("GSI1", only.indexName());
    assertEquals("GSI1PK = 'INV#i1'", only.keyCondition());
  }

  @Test
  void aLeftJoinKeepsAnInvoiceWithoutPayments() throws SQLException {
    assertEquals(List.of(Arrays.asList("i2", null)),
        query(ledger, "SELECT i.id, p.id FROM invoices i LEFT JOIN payments p ON p.invoice_id = i.id "
            + "WHERE i.id = 'i2'"));
    assertEquals("GSI1PK = 'INV#i2'", onlyRequest().keyCondition());
  }

  @Test
  void explainSaysTheCollectionIsReadFromTheIndex() throws SQLException {
    try (Statement s = ledger.createStatement(); ResultSet r = s.executeQuery("EXPLAIN PLAN FOR SELECT i.customer, "
        + "p.amount FROM invoices i JOIN payments p ON p.invoice_id = i.id WHERE i.id = 'i1'")) {
      StringBuilder plan = new StringBuilder();
      while (r.next()) {
        plan.append(r.getString(1)).append('\n');
      }
      assertTrue(plan.toString().contains("Read invoices and payments from one item collection: 1 request"),
          plan::toString);
      assertTrue(plan.toString().contains("Query on table 'billing_Ledger', index 'GSI1'"), plan::toString);
    }
  }

  @Test
  void theInvoicesPaymentsAreAQueryOfTheIndex() throws SQLException {
    assertEquals(List.of(List.of("p1", "100"), List.of("p2", "200")),
        query(ledger, "SELECT id, amount FROM payments WHERE invoice_id = 'i1'"));
    RecordedRequest only = onlyRequest();
    assertEquals("GSI1", only.indexName());
    assertEquals("GSI1PK = 'INV#i1' AND begins_with(GSI1SK, 'PAY#')", only.keyCondition());
  }

  @Test
  void eachPaymentHasTheInvoiceOfItsIndexKey() throws SQLException {
    assertEquals(List.of(List.of("p3", "i3", "10")),
        query(ledger, "SELECT id, invoice_id, amount FROM payments WHERE id = 'p3'"));
    assertEquals("GetItem", onlyRequest().operation());
  }

  @Test
  void everyItemOfTheDesignIsWrittenBackAsItWasRead() throws SQLException {
    DesignCopy copy = DesignCopy.of(server, "billing");
    List<Map<String, AttributeValue>> before = copy.items();
    try (Connection c = copy.connect(); Statement s = c.createStatement()) {
      List<List<String>> invoices = query(c, "SELECT id, customer, amount FROM invoices WHERE id IN ('i1', 'i2')");
      List<List<String>> payments = query(c, "SELECT id, invoice_id, amount, channel FROM payments "
          + "WHERE id IN ('p1', 'p2', 'p3')");
      assertEquals(2, invoices.size());
      assertEquals(3, payments.size());
      assertEquals(5, s.executeUpdate("DELETE FROM invoices WHERE id IN ('i1', 'i2')")
          + s.executeUpdate("DELETE FROM payments WHERE id IN ('p1', 'p2', 'p3')"));
      assertEquals(List.of(), copy.items());
      for (List<String> i : invoices) {
        s.executeUpdate("INSERT INTO invoices VALUES ('" + i.get(0) + "', '" + i.get(1) + "', " + i.get(2) + ")");
      }
      for (List<String> p : payments) {
        s.executeUpdate("INSERT INTO payments VALUES ('" + p.get(0) + "', '" + p.get(1) + "', " + p.get(2) + ", '"
            + p.get(3) + "')");
      }
    }
    assertEquals(before, copy.items());
  }
}
