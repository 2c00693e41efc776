package dev.keycond.planner.gateway;

import dev.keycond.planner.cost.CostMeter;
import dev.keycond.planner.source.KeySchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * The record of the runs of a statement that was asked to keep one (the workbench's): the requests
 * they sent, as the SDK requests that went on the wire, each with what DynamoDB's answers said of
 * it, a paged Query's or Scan's pages summed into its first (the first {@value #MOST_REQUESTS_KEPT}
 * requests; the others are counted), and the keys of the items their requests returned that a condition the driver checks itself rejected and
 * no other read of the statement kept as a row (of the first {@value #MOST_KEYS_KEPT} rejected and
 * kept). Bounded, as a statement may read many items; recorded on any request thread.
 */
public final class RunRecording implements RunRecorder {
  /** A lookup join sends a request per batch of rows. */
  public static final int MOST_REQUESTS_KEPT = 200;
  public static final int MOST_KEYS_KEPT = 1000;

  private final List<SentRequest> sent = new ArrayList<>();
  private int notKept;
  private final List<Map<String, AttributeValue>> rejectedByDriver = new ArrayList<>();
  private final Set<Map<String, AttributeValue>> keptAsRows = new HashSet<>();
  private int keptCount;

  @Override
  public synchronized void answered(DynamoDbRequest request, boolean read, List<ConsumedCapacity> consumed,
      long itemsRead, long itemsReturned, Map<String, AttributeValue> lastEvaluatedKey) {
    double units = CostMeter.units(consumed);
    int paged = pagedBefore(request);
    if (paged >= 0) {
      sent.set(paged, sent.get(paged).withPage(itemsRead, itemsReturned, units, lastEvaluatedKey));
    } else if (sent.size() < MOST_REQUESTS_KEPT) {
      sent.add(new SentRequest(request, read, 1, itemsRead, itemsReturned, units, lastEvaluatedKey));
    } else {
      notKept++;
    }
  }

  /**
   * The request whose next page {@code request} is: the one of the same table and index whose last
   * page ended where it starts; -1 for a first page or a request that is not paged.
   */
  private int pagedBefore(DynamoDbRequest request) {
    Object startKey = request.getValueForField("ExclusiveStartKey", Object.class).orElse(Map.of());
    if (startKey instanceof Map<?, ?> start && start.isEmpty()) {
      return -1;
    }
    for (int i = sent.size() - 1; i >= 0; i--) {
      DynamoDbRequest first = sent.get(i).request();
      if (sent.get(i).lastEvaluatedKey().equals(startKey) && first.getClass() == request.getClass()
          && Objects.equals(target(first, "TableName"), target(request, "TableName"))
          && Objects.equals(target(first, "IndexName"), target(request, "IndexName"))) {
        return i;
      }
    }
    return -1;
  }

  private static Object target(DynamoDbRequest request, String field) {
    return request.getValueForField(field, String.class).orElse("");
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

  /** The requests sent so far, in the order they were sent, each with its pages. */
  public synchronized List<SentRequest> sentRequests() {
    return List.copyOf(sent);
  }

  /** The requests sent beyond the first {@value #MOST_REQUESTS_KEPT}, which are only counted. */
  public synchronized int requestsNotKept() {
    return notKept;
  }

  /** The reads sent so far, in the order they were sent (a paged one as its first page). */
  public synchronized List<DynamoDbRequest> sentReads() {
    return sent.stream().filter(SentRequest::read).map(SentRequest::request).toList();
  }

  /**
   * The keys of the items the driver's own checks rejected so far and no read of the statement kept
   * as a row, in the order they were read.
   */
  public synchronized List<Map<String, AttributeValue>> itemsRejectedByDriver() {
    return rejectedByDriver.stream().filter(key -> !keptAsRows.contains(key)).distinct().toList();
  }
}
