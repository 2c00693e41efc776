package dev.keycond.planner.gateway;

import dev.keycond.planner.source.KeySchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * The record of the runs of a statement that was asked to keep one (the workbench's): the reads
 * they sent, as the SDK requests that went on the wire (the first {@value #MOST_READS_KEPT}), and the
 * keys of the items their requests returned that a condition the driver checks itself rejected and
 * no other read of the statement kept as a row (of the first {@value #MOST_KEYS_KEPT} rejected and
 * kept). Bounded, as a statement may read many items; recorded on any request thread.
 */
public final class RunRecording implements RunRecorder {
  /** A lookup join sends a request per batch of rows. */
  public static final int MOST_READS_KEPT = 200;
  public static final int MOST_KEYS_KEPT = 1000;

  private final List<DynamoDbRequest> sent = new ArrayList<>();
  private final List<Map<String, AttributeValue>> rejectedByDriver = new ArrayList<>();
  private final Set<Map<String, AttributeValue>> keptAsRows = new HashSet<>();
  private int keptCount;

  @Override
  public synchronized void sent(DynamoDbRequest read) {
    if (sent.size() < MOST_READS_KEPT) {
      sent.add(read);
    }
  }

  @Override
  public synchronized void rejectedByDriver(KeySchema keys, Map<String, AttributeValue> item) {
    if (rejectedByDriver.size() < MOST_KEYS_KEPT) {
      rejectedByDriver.add(key(keys, item));
    }
  }

  @Override
  public synchronized void keptAsRow(KeySchema keys, Map<String, AttributeValue> item) {
    if (keptCount < MOST_KEYS_KEPT) {
      keptCount++;
      keptAsRows.add(key(keys, item));
    }
  }

  private static Map<String, AttributeValue> key(KeySchema keys, Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    keys.attributes().forEach(attribute -> key.put(attribute, item.get(attribute)));
    return Map.copyOf(key);
  }

  /** The reads sent so far, in the order they were sent. */
  public synchronized List<DynamoDbRequest> sentReads() {
    return List.copyOf(sent);
  }

  /**
   * The keys of the items the driver's own checks rejected so far and no read of the statement kept
   * as a row, in the order they were read.
   */
  public synchronized List<Map<String, AttributeValue>> itemsRejectedByDriver() {
    return rejectedByDriver.stream().filter(key -> !keptAsRows.contains(key)).distinct().toList();
  }
}
