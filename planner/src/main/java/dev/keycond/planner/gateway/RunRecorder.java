package dev.keycond.planner.gateway;

import dev.keycond.planner.source.KeySchema;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * What one statement's run tells beyond its rows and cost, for a tool that draws it: the reads it
 * sent, and the items its requests returned that a condition the driver checks itself then
 * rejected. A statement records only when it is asked to, with a {@link RunRecording} (the
 * workbench asks for the statements it runs); every other run has {@link #NOTHING}, chosen once
 * per statement, whose calls on the per-row path keep nothing and build nothing.
 */
public sealed interface RunRecorder permits RunRecorder.Nothing, RunRecording {
  /** The recorder of a run nobody asked to record. */
  RunRecorder NOTHING = new Nothing();

  /** A read as it goes on the wire (a Query's first page only). */
  void sent(DynamoDbRequest read);

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
    public void sent(DynamoDbRequest read) {}

    @Override
    public void rejectedByDriver(KeySchema keys, Map<String, AttributeValue> item) {}

    @Override
    public void keptAsRow(KeySchema keys, Map<String, AttributeValue> item) {}
  }
}
