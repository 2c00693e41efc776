package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.demo.RecordingProxy;
import dev.keycond.planner.gateway.RunRecording;
import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/** Only a statement asked to record keeps what its runs sent and what the driver's checks dropped. */
class RunRecordingTest {
  /** A lookup join whose Query's rows the driver checks ({@code LIKE '%.jpg'} is no FilterExpression). */
  private static final String SQL = "SELECT f.path, w.plan FROM files f LEFT JOIN workspaces w ON w.id = f.parent "
      + "WHERE f.account = 'a91' AND f.path LIKE 'root/%' AND f.path LIKE '%.jpg'";

  private final DemoDatabase db = DemoDatabase.get();

  private static List<String> rows(Statement statement) throws Exception {
    List<String> rows = new ArrayList<>();
    try (ResultSet result = statement.executeQuery(SQL)) {
      while (result.next()) {
        rows.add(result.getString(1) + " " + result.getString(2));
      }
    }
    return rows;
  }

  private List<String> operations() {
    return db.dataRequests().stream().map(RecordingProxy.Request::operation).toList();
  }

  private static List<String> operations(List<DynamoDbRequest> sent) {
    return sent.stream().map(request -> request.getClass().getSimpleName().replaceFirst("Request$", "")).toList();
  }

  private static List<String> sorts(List<Map<String, AttributeValue>> keys) {
    return keys.stream().map(key -> key.get("SK").s()).sorted().toList();
  }

  @Test
  void aStatementAskedToRecordKeepsItsSentReadsAndTheItemsTheDriverRejected() throws Exception {
    List<String> expectedRows = List.of("root/photos/2026/beach.jpg null", "root/photos/2026/sunset.jpg null");
    try (Connection connection = db.connect();
        Statement recorded = connection.createStatement();
        Statement plain = connection.createStatement()) {
      RunRecording recording = new RunRecording();
      recorded.unwrap(KeycondStatement.class).recordInto(recording);

      db.clearRequests();
      assertEquals(expectedRows, rows(recorded));
      assertEquals(List.of("Query", "GetItem"), operations());
      assertEquals(operations(), operations(recording.sentReads()));
      // The folders too: without a FilterExpression, every item of the slice but the two photos is the driver's to drop.
      List<String> rejected = List.of("root/", "root/docs/", "root/docs/cv.pdf", "root/photos", "root/photos/",
          "root/photos/2026/", "root/photosX/", "root/photosX/raw.dng");
      assertEquals(rejected, sorts(recording.itemsRejectedByDriver()));

      // Another statement of the same connection sends the same requests and records none of them.
      db.clearRequests();
      assertEquals(expectedRows, rows(plain));
      assertEquals(List.of("Query", "GetItem"), operations());
      assertEquals(List.of("Query", "GetItem"), operations(recording.sentReads()));
      assertEquals(rejected, sorts(recording.itemsRejectedByDriver()));
    }
  }
}
