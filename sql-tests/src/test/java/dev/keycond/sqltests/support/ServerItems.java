package dev.keycond.sqltests.support;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** What a write test compares with: every item of a table as the server holds it, read with the raw SDK. */
public final class ServerItems {
  private ServerItems() {}

  /**
   * Every item of the table, read with consistent Scans page by page, in the order of its string
   * partition and sort keys.
   */
  public static List<Map<String, AttributeValue>> of(DynamoDbClient client, String table, String partitionKey,
      String sortKey) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanResponse page = client.scan(ScanRequest.builder().tableName(table).exclusiveStartKey(start)
          .consistentRead(true).build());
      items.addAll(page.items());
      start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    items.sort(Comparator.comparing((Map<String, AttributeValue> i) -> i.get(partitionKey).s())
        .thenComparing(i -> i.get(sortKey).s()));
    return items;
  }
}
