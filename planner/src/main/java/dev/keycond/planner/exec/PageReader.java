package dev.keycond.planner.exec;

import dev.keycond.planner.dynamo.DynamoErrors;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.request.ReadRequest;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Sends a read's requests one page at a time, only when the caller asks for the next page. A Scan
 * under {@code scan=limit:N} never reads more than N items: its page size is capped by what is
 * left, and running out of allowance before the end is an error, not a silently short answer.
 */
final class PageReader {
  private final ExecutionContext context;
  private final Iterator<ReadRequest> requests;
  private final boolean scan;
  private ReadRequest current;
  private Map<String, AttributeValue> startKey;
  private boolean currentDone = true;
  private long scanAllowance;
  private Optional<Long> lastPageCount = Optional.empty();

  PageReader(ExecutionContext context, List<ReadRequest> requests, boolean scan) {
    this.context = context;
    this.requests = requests.iterator();
    this.scan = scan;
    ScanPolicy policy = context.settings().scanPolicy();
    this.scanAllowance = scan && policy.isLimited() ? policy.maxItems() : Long.MAX_VALUE;
  }

  /** The items of the next page, or empty when every request is finished. */
  Optional<List<Map<String, AttributeValue>>> next() {
    while (currentDone) {
      if (!requests.hasNext()) {
        return Optional.empty();
      }
      current = requests.next();
      startKey = null;
      currentDone = false;
    }
    context.checkRunning();
    try {
      switch (current.operation()) {
        case GET_ITEM:
          return Optional.of(getItem());
        case QUERY:
          return Optional.of(query());
        default:
          return Optional.of(scan());
      }
    } catch (SdkException e) {
      throw DynamoErrors.translate(e, current.operation().wireName() + " on table '" + current.tableName() + "'"
          + current.indexName().map(i -> " index '" + i + "'").orElse(""), false);
    }
  }

  /** For Select=COUNT pages, the count DynamoDB reported for the last page. */
  Optional<Long> lastPageCount() {
    return lastPageCount;
  }

  private List<Map<String, AttributeValue>> getItem() {
    GetItemResponse response = context.client().getItem(current.toGetItem().toBuilder()
        .overrideConfiguration(timeout()).build());
    currentDone = true;
    context.statistics().addRequest(response.hasItem() ? 1 : 0);
    lastPageCount = Optional.empty();
    return response.hasItem() ? List.of(response.item()) : List.of();
  }

  private List<Map<String, AttributeValue>> query() {
    QueryResponse response = context.client().query(current.toQuery(startKey).toBuilder()
        .overrideConfiguration(timeout()).build());
    context.statistics().addRequest(response.scannedCount() == null ? response.count() : response.scannedCount());
    advance(response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : null);
    lastPageCount = current.count() ? Optional.of((long) response.count()) : Optional.empty();
    return response.items();
  }

  private List<Map<String, AttributeValue>> scan() {
    ReadRequest request = current;
    if (scanAllowance != Long.MAX_VALUE) {
      int cap = (int) Math.min(scanAllowance, request.limit().orElse(Integer.MAX_VALUE));
      request = request.withLimit(Optional.of(cap));
    }
    ScanResponse response = context.client().scan(request.toScan(startKey).toBuilder()
        .overrideConfiguration(timeout()).build());
    int scanned = response.scannedCount() == null ? response.count() : response.scannedCount();
    context.statistics().addRequest(scanned);
    advance(response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : null);
    if (scanAllowance != Long.MAX_VALUE) {
      scanAllowance -= scanned;
      if (scanAllowance <= 0 && !currentDone) {
        throw new KeycondException(SqlState.SCAN_REFUSED, "The Scan of DynamoDB table '" + current.tableName()
            + "' read its allowance of " + context.settings().scanPolicy().maxItems()
            + " items (scan=" + context.settings().scanPolicy() + ") before reaching the end of the table. "
            + "Add a LIMIT, bind the partition key, or raise the limit.");
      }
    }
    lastPageCount = current.count() ? Optional.of((long) response.count()) : Optional.empty();
    return response.items();
  }

  private void advance(Map<String, AttributeValue> lastEvaluatedKey) {
    startKey = lastEvaluatedKey;
    currentDone = lastEvaluatedKey == null || lastEvaluatedKey.isEmpty();
  }

  private AwsRequestOverrideConfiguration timeout() {
    long millis = context.remainingMillis();
    AwsRequestOverrideConfiguration.Builder builder = AwsRequestOverrideConfiguration.builder();
    if (millis > 0) {
      builder.apiCallTimeout(Duration.ofMillis(millis));
    }
    return builder.build();
  }
}
