package dev.keycond.planner.gateway;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * One request a statement sent, with its pages when it is a Query or Scan that DynamoDB answered in
 * several, and what DynamoDB's answers said of it: the items read (ScannedCount, or the items
 * found by a key read), the items returned, and the capacity units consumed (read units for a
 * read, write units for a write), summed over its pages.
 *
 * @param request the request of its first page, as it went on the wire
 * @param read whether it reads (its units are RCU) or writes (WCU)
 * @param pages the requests sent for it: its pages, 1 for a request that is not paged
 * @param units the capacity units its answers consumed, counted as the statement's cost counts them
 * @param lastEvaluatedKey where its last page ended, which a next page starts from; empty when no
 *     page follows
 */
public record SentRequest(DynamoDbRequest request, boolean read, int pages, long itemsRead, long itemsReturned,
    double units, Map<String, AttributeValue> lastEvaluatedKey) {

  public SentRequest {
    if (pages < 1 || itemsRead < 0 || itemsReturned < 0 || !(units >= 0) || Double.isInfinite(units)) {
      throw new IllegalArgumentException("a sent request has pages, and no negative count or units: " + pages
          + " pages, " + itemsRead + " read, " + itemsReturned + " returned, " + units + " units");
    }
    lastEvaluatedKey = Map.copyOf(lastEvaluatedKey);
  }

  /** The operation, as EXPLAIN names it: {@code Query}. */
  public String operation() {
    return request.getClass().getSimpleName().replaceFirst("Request$", "");
  }

  /** This request with one more page. */
  SentRequest withPage(long pageRead, long pageReturned, double pageUnits, Map<String, AttributeValue> endedAt) {
    return new SentRequest(request, read, pages + 1, itemsRead + pageRead, itemsReturned + pageReturned,
        units + pageUnits, endedAt);
  }
}
