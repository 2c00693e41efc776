package dev.keycond.planner.gateway;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * The reads one execution sent, as the SDK requests that went on the wire (a Query's first page
 * only; the first {@value #MOST_KEPT}): what the workbench draws for requests known only once the
 * statement runs, such as a lookup join's. Requests are added on any request thread.
 */
public final class SentReads {
  /** Bounds what is kept: a lookup join sends a request per batch of rows, and a statement may read many. */
  public static final int MOST_KEPT = 200;

  private final List<DynamoDbRequest> sent = new ArrayList<>();

  synchronized void add(DynamoDbRequest request) {
    if (sent.size() < MOST_KEPT) {
      sent.add(request);
    }
  }

  /** The reads sent so far, in the order they were sent. */
  public synchronized List<DynamoDbRequest> requests() {
    return List.copyOf(sent);
  }
}
