package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB answers a BatchGetItem in any order; keycond returns its rows in the order of the keys
 * it asked for, so that a statement without ORDER BY gives the same rows in the same order every
 * time (the demo's IN list among them).
 */
@ExtendWith(DynaliteExtension.class)
class KeyLookupOrderTest {
  @Test
  void rowsOfABatchGetItemComeInKeyOrder(DynamoServer server) throws Exception {
    FreshTables tables = FreshTables.create(server);
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      String path = String.format("root/%02d", i);
      paths.add(path);
      tables.put(tables.drive, Map.of("PK", AttributeValue.fromS("DRIVE#a91"), "SK", AttributeValue.fromS(path)));
    }
    String in = String.join(", ", paths.stream().map(p -> "'" + p + "'").toList());
    try (Connection connection = tables.connect()) {
      for (int run = 0; run < 3; run++) {
        RequestRecorder.clear();
        List<String> rows = Keycond.column(connection.createStatement().executeQuery(
            "SELECT path FROM files WHERE account = 'a91' AND path IN (" + in + ")"));
        assertEquals(List.of("BatchGetItem"), RequestRecorder.dataRequests().stream()
            .map(RecordedRequest::operation).toList());
        assertEquals(paths, rows);
      }
    }
  }
}
