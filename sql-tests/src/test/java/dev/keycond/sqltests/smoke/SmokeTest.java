package dev.keycond.sqltests.smoke;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import java.sql.*;
import java.util.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.*;

@ExtendWith(DynaliteExtension.class)
class SmokeTest {
  @Test
  void smoke(DynamoServer server) throws Exception {
    var c = server.client();
    try { c.deleteTable(b -> b.tableName("Drive")); } catch (Exception e) {}
    c.createTable(b -> b.tableName("Drive")
        .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build())
        .attributeDefinitions(AttributeDefinition.builder().attributeName("PK").attributeType("S").build(),
            AttributeDefinition.builder().attributeName("SK").attributeType("S").build())
        .billingMode(BillingMode.PAY_PER_REQUEST));
    for (String p : List.of("root/", "root/photos/", "root/photos/2026/", "root/photos/2026/beach.jpg",
        "root/photos/2026/sunset.jpg", "root/photos", "root/photosX/")) {
      c.putItem(b -> b.tableName("Drive").item(Map.of("PK", AttributeValue.fromS("DRIVE#a91"),
          "SK", AttributeValue.fromS(p), "size", AttributeValue.fromN("10"))));
    }
    String mapping = "inline:{\"tables\":{\"files\":{\"source\":\"Drive\",\"columns\":{\"account\":\"VARCHAR\",\"path\":\"VARCHAR\",\"parent\":\"VARCHAR\",\"size\":\"BIGINT\",\"modified\":\"TIMESTAMP\"},\"keys\":{\"PK\":\"DRIVE#{account}\",\"SK\":\"{path}\"}}}}";
    Properties props = new Properties();
    props.setProperty("mapping", mapping);
    try (Connection conn = DriverManager.getConnection("jdbc:keycond:region=us-east-1;endpoint=" + server.endpoint() + ";user=x;password=y", props)) {
      for (String sql : List.of(
          "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'",
          "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/ph_tos/%' ORDER BY path DESC",
          "SELECT COUNT(*) FROM files WHERE account = 'a91'",
          "SELECT * FROM files WHERE account = 'a91' AND path = 'root/'",
          "SELECT path FROM files WHERE account = 'a91' LIMIT 2",
          "EXPLAIN PLAN FOR SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'",
          "SELECT * FROM files")) {
        RequestRecorder.clear();
        System.out.println("== " + sql);
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
          int n = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            StringBuilder sb = new StringBuilder();
            for (int i = 1; i <= n; i++) sb.append(rs.getString(i)).append(" | ");
            System.out.println(sb);
          }
          for (SQLWarning w = st.getWarnings(); w != null; w = w.getNextWarning()) System.out.println("WARN " + w.getMessage());
        } catch (SQLException e) {
          System.out.println("ERR " + e.getSQLState() + " " + e.getMessage());
        }
        RequestRecorder.dataRequests().forEach(r -> System.out.println("REQ " + r));
      }
    }
  }
}
