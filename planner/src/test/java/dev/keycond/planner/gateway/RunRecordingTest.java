package dev.keycond.planner.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.cost.CostMeter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * How a recording keeps the requests a run sent: a page is summed into the request it continues,
 * found by the key it starts from, even when another request's pages come between; its units are
 * counted as the statement's cost counts them. The answers are the SDK's own values, as the gateway
 * passes them on; WorkbenchApiTest checks the figures against dynalite's answers.
 */
class RunRecordingTest {
  private static final Map<String, AttributeValue> A_ENDS = Map.of("PK", AttributeValue.fromS("a"),
      "SK", AttributeValue.fromS("m"));
  private static final Map<String, AttributeValue> B_ENDS = Map.of("PK", AttributeValue.fromS("b"),
      "SK", AttributeValue.fromS("m"));

  private static QueryRequest query(String partition, Map<String, AttributeValue> startKey) {
    return QueryRequest.builder().tableName("Drive").keyConditionExpression("PK = :p")
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(partition)))
        .exclusiveStartKey(startKey).build();
  }

  private static List<ConsumedCapacity> units(double table, double index) {
    return List.of(ConsumedCapacity.builder().tableName("Drive").capacityUnits(table + index)
        .table(Capacity.builder().capacityUnits(table).build())
        .globalSecondaryIndexes(Map.of("ByParent", Capacity.builder().capacityUnits(index).build())).build());
  }

  @Test
  void aPageIsSummedIntoTheRequestItContinuesAndAWriteIsItsOwn() {
    RunRecording recording = new RunRecording();
    recording.answered(query("a", null), true, units(1, 0.5), 10, 4, A_ENDS);
    recording.answered(query("b", null), true, units(0.5, 0), 3, 3, B_ENDS);
    recording.answered(query("b", B_ENDS), true, units(0.5, 0), 2, 2, Map.of());
    recording.answered(query("a", A_ENDS), true, units(2, 0), 7, 1, Map.of());
    PutItemRequest put = PutItemRequest.builder().tableName("Drive").item(A_ENDS).build();
    recording.answered(put, false, List.of(ConsumedCapacity.builder().tableName("Drive").capacityUnits(1.0).build()),
        0, 0, Map.of());

    assertEquals(List.of(new SentRequest(query("a", null), true, 2, 17, 5, 3.5, Map.of()),
        new SentRequest(query("b", null), true, 2, 5, 5, 1.0, Map.of()),
        new SentRequest(put, false, 1, 0, 0, 1.0, Map.of())), recording.sentRequests());
    assertEquals(List.of(query("a", null), query("b", null)), recording.sentReads());
    assertEquals("Query", recording.sentRequests().get(0).operation());
    assertEquals(1.5, CostMeter.units(units(1, 0.5)));
  }

  @Test
  void requestsBeyondThoseKeptAreCounted() {
    RunRecording recording = new RunRecording();
    for (int i = 0; i < RunRecording.MOST_REQUESTS_KEPT + 3; i++) {
      recording.answered(query("p" + i, null), true, List.of(), 0, 0, Map.of());
    }
    assertEquals(RunRecording.MOST_REQUESTS_KEPT, recording.sentRequests().size());
    assertEquals(3, recording.requestsNotKept());
  }
}
