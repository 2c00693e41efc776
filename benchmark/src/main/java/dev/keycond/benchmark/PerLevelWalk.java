package dev.keycond.benchmark;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The baseline for a recursive CTE: what evaluating it level by level with raw requests sends.
 * The seed is one GetItem of the start folder; each folder found is then expanded with one Query
 * for its direct children ({@code begins_with(SK, folder)} filtered on {@code parent = folder},
 * since the table has no index on {@code parent}), following pages.
 */
final class PerLevelWalk {
  private PerLevelWalk() {}

  /** Walks down from {@code start} (a folder path); returns the rows found, the start included. */
  static long walk(DynamoDbClient client, String start) {
    client.getItem(b -> b.tableName(FilesTable.SOURCE).key(Map.of(
        "PK", AttributeValue.fromS(FilesTable.PARTITION), "SK", AttributeValue.fromS(start))));
    long rows = 1;
    Deque<String> folders = new ArrayDeque<>();
    folders.add(start);
    while (!folders.isEmpty()) {
      String folder = folders.removeFirst();
      QueryRequest children = RawSdk.beginsWith(folder)
          .filterExpression("parent = :parent")
          .expressionAttributeValues(Map.of(
              ":pk", AttributeValue.fromS(FilesTable.PARTITION),
              ":prefix", AttributeValue.fromS(folder),
              ":parent", AttributeValue.fromS(folder)))
          .projectionExpression("SK, #size")
          .expressionAttributeNames(Map.of("#size", "size"))
          .build();
      for (Map<String, AttributeValue> child : client.queryPaginator(children).items()) {
        String path = child.get("SK").s();
        if (path.endsWith("/")) {
          folders.addLast(path);
        }
        rows++;
      }
    }
    return rows;
  }
}
