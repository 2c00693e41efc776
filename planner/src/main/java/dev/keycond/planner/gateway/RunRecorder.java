package dev.keycond.planner.gateway;

import dev.keycond.planner.source.KeySchema;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * What one statement's run tells beyond its rows and cost, for a tool that draws it: each request
 * it sent with what DynamoDB's answer said of it, and the items its requests returned that a condition the driver checks itself then
 * rejected. A statement records only when it is asked to, with a {@link RunRecording} (the
 * workbench asks for the statements it runs); every other run has {@link #NOTHING}, chosen once
 * per statement, whose calls on the per-row path keep nothing and build nothing.
 */
public sealed interface RunRecorder permits RunRecorder.Nothing, RunRecording {
  /** The recorder of a run nobody asked to record. */
  RunRecorder NOTHING = new Nothing();

  /**
   * A request as it went on the wire, once DynamoDB answered it, with what the answer said: the
   * gateway passes the figures it counts in the statement's cost, so that the requests' add up to
   * the statement's.
   *
   * @param read whether the request reads (its units are read units) or writes
   * @param consumed the answer's ConsumedCapacity, one per table (none when it says nothing, as for a
   *     write whose condition failed)
   * @param itemsRead the items it read: a page's ScannedCount, the items a key read found
   * @param itemsReturned the items it returned: a page's Count, the items a key read found
   * @param lastEvaluatedKey where a page ended, which the next page of the same request starts from
   *     (its ExclusiveStartKey); empty when no page follows or the request is not paged
   */
  void answered(DynamoDbRequest request, boolean read, List<ConsumedCapacity> consumed, long itemsRead,
      long itemsReturned, Map<String, AttributeValue> lastEvaluatedKey);

  /**
   * An item a read returned that a condition the driver checks itself rejected.
   *
   * @param keys the key of the item's DynamoDB table
   */
  void rejectedByDriver(KeySchema keys, Map<String, AttributeValue> item);

  /**
   * An item that became a row: an item collection's one read serves several tables' rows, and an
   * item one table's rows reject may be another's row.
   *
   * @param keys the key of the item's DynamoDB table
   */
  void keptAsRow(KeySchema keys, Map<String, AttributeValue> item);

  /** Records nothing. */
  record Nothing() implements RunRecorder {
    @Override
    public void answered(DynamoDbRequest request, boolean read, List<ConsumedCapacity> consumed, long itemsRead,
        long itemsReturned, Map<String, AttributeValue> lastEvaluatedKey) {}

    @Override
    public void rejectedByDriver(KeySchema keys, Map<String, AttributeValue> item) {}

    @Override
    public void keptAsRow(KeySchema keys, Map<String, AttributeValue> item) {}
  }
}
