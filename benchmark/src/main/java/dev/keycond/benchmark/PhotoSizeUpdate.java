package dev.keycond.benchmark;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The keyed UPDATE the benchmark times, each way: a photo's size set to the size it has, so that
 * every call finds the same data; keycond's as a framework sends it (prepare, bind, execute,
 * close), the raw SDK's as the same conditional UpdateItem keycond's plan sends.
 */
final class PhotoSizeUpdate {
  static final String SQL = "UPDATE files SET size = ? WHERE account = ? AND path = ?";

  private PhotoSizeUpdate() {}

  /** @return the update count */
  static long keycond(Connection connection, int n) throws Exception {
    try (PreparedStatement statement = connection.prepareStatement(SQL)) {
      statement.setLong(1, DriveTree.photoSize(n));
      statement.setString(2, FilesTable.ACCOUNT);
      statement.setString(3, DriveTree.photo(n));
      return statement.executeUpdate();
    }
  }

  /** @return 1, the item the condition found */
  static long raw(DynamoDbClient client, int n) {
    return raw(client, n, false);
  }

  /** The same, asking for the consumed capacity as keycond does when {@code askCapacity}. */
  static long raw(DynamoDbClient client, int n, boolean askCapacity) {
    client.updateItem(UpdateItemRequest.builder()
        .tableName(FilesTable.SOURCE)
        .key(Map.of("PK", AttributeValue.fromS(FilesTable.PARTITION), "SK", AttributeValue.fromS(DriveTree.photo(n))))
        .updateExpression("SET #size = :size")
        .conditionExpression("attribute_exists(PK)")
        .expressionAttributeNames(Map.of("#size", "size"))
        .expressionAttributeValues(Map.of(":size", AttributeValue.fromN(Long.toString(DriveTree.photoSize(n)))))
        .returnConsumedCapacity(RawSdk.capacity(askCapacity))
        .build());
    return 1;
  }
}
