package dev.keycond.planner.exec;

import dev.keycond.planner.dynamo.DynamoClients;
import dev.keycond.planner.dynamo.DynamoErrors;
import dev.keycond.planner.dynamo.RequestScope;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.request.ReadRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Reads one request's results a page at a time, sending the next request only when the caller asks
 * for the next page. A Scan under {@code scan=limit:N} reads at most N items and one more: its page
 * size is capped by what is left, and asking for more rows once the allowance is used up with
 * more table left is an error, not a silently short answer.
 */
final class PageReader {
  private static final int BATCH_ATTEMPTS = 8;

  private final ExecutionContext context;
  private final ReadRequest request;
  /** Whether the rows read are the statement's rows, so that a LIMIT would end the read. */
  private final boolean limitEndsRead;
  private Map<String, AttributeValue> startKey;
  private boolean done;
  /** The items a Scan has read so far, counted against the allowance of scan=limit:N. */
  private long scanned;
  private boolean started;
  private CompletableFuture<Optional<Page>> prefetched;
  private PageReader successor;

  /** The items of one response; {@code count} is DynamoDB's count for Select=COUNT. */
  record Page(List<Map<String, AttributeValue>> items, Optional<Long> count) {}

  /** @param limitEndsRead whether the rows read are the statement's rows, so that a LIMIT would end the read */
  PageReader(ExecutionContext context, ReadRequest request, boolean limitEndsRead) {
    this.context = context;
    this.request = request;
    this.limitEndsRead = limitEndsRead;
  }

  /** Starts fetching the first page on the read threads, unless it has been started or read already. */
  void start() {
    if (!started) {
      started = true;
      prefetched = CompletableFuture.supplyAsync(this::fetch, ReadThreads.EXECUTOR);
    }
  }

  /** Makes {@code successor} start once this reader's caller has asked past its last page. */
  void startWhenUsedUp(PageReader successor) {
    this.successor = successor;
  }

  /**
   * Waits until a first page started and not taken has arrived or failed, or the statement is
   * cancelled; its failure, or the cancel's, is nobody's now.
   */
  void awaitStarted() {
    CompletableFuture<Optional<Page>> pending = prefetched;
    if (pending != null) {
      try {
        context.await(pending, action());
      } catch (RuntimeException e) {
        // The result is being closed; nobody reads this page.
      }
    }
  }

  /** Reads every remaining page, passing on its items in order. */
  void forEachItem(Consumer<Map<String, AttributeValue>> action) {
    for (Optional<Page> page = next(); page.isPresent(); page = next()) {
      page.get().items().forEach(action);
    }
  }

  /**
   * The next page, or empty when the request is finished. The request is sent on another thread
   * and waited for here, so that a cancel from any thread ends the wait at once.
   */
  Optional<Page> next() {
    started = true;
    CompletableFuture<Optional<Page>> pending = prefetched;
    prefetched = null;
    if (pending == null && !done) {
      pending = CompletableFuture.supplyAsync(this::fetch, ReadThreads.WAITED);
    }
    Optional<Page> page = pending == null ? Optional.empty() : context.await(pending, action());
    if (page.isEmpty() && successor != null) {
      successor.start();
      successor = null;
    }
    return page;
  }

  private Optional<Page> fetch() {
    if (done) {
      return Optional.empty();
    }
    context.checkRunning();
    try {
      switch (request.operation()) {
        case GET_ITEM:
          return Optional.of(getItem());
        case BATCH_GET_ITEM:
          return Optional.of(batchGet());
        case QUERY:
          return Optional.of(query());
        default:
          return scan();
      }
    } catch (SdkException e) {
      if (context.remainingMillis() > 0 && DynamoErrors.isTimeout(e)) {
        // The request's bound was what was left of the query timeout (see timeout()).
        throw context.timedOut(action(), e);
      }
      throw DynamoErrors.translate(e, action(), RequestScope.statement(DynamoClients.endpoint(context.client())));
    }
  }

  /** What this reader's requests do, as messages name it: {@code Query on table 'Drive' index 'ByParent'}. */
  private String action() {
    return request.operation().wireName() + " on table '" + request.tableName() + "'"
        + request.indexName().map(i -> " index '" + i + "'").orElse("");
  }

  private Page getItem() {
    GetItemResponse response = context.client().getItem(request.toGetItem().toBuilder()
        .overrideConfiguration(timeout()).build());
    done = true;
    context.statistics().addRequest(response.hasItem() ? 1 : 0);
    return new Page(response.hasItem() ? List.of(response.item()) : List.of(), Optional.empty());
  }

  /** All items of the batch; keys DynamoDB leaves unprocessed (throttling) are retried with backoff. */
  private Page batchGet() {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    List<Map<String, AttributeValue>> pending = request.boundKeys();
    for (int attempt = 0; !pending.isEmpty(); attempt++) {
      if (attempt == BATCH_ATTEMPTS) {
        throw new KeycondException(SqlState.THROTTLED, "BatchGetItem on table '" + request.tableName() + "' left "
            + pending.size() + " keys unprocessed after " + BATCH_ATTEMPTS + " attempts; DynamoDB is throttling");
      }
      if (attempt > 0) {
        backOff(attempt);
      }
      BatchGetItemResponse response = context.client().batchGetItem(request.toBatchGet(pending).toBuilder()
          .overrideConfiguration(timeout()).build());
      List<Map<String, AttributeValue>> found = response.responses().getOrDefault(request.tableName(), List.of());
      context.statistics().addRequest(found.size());
      items.addAll(found);
      KeysAndAttributes unprocessed = response.unprocessedKeys().get(request.tableName());
      pending = unprocessed == null ? List.of() : unprocessed.keys();
    }
    done = true;
    return new Page(items, Optional.empty());
  }

  private void backOff(int attempt) {
    try {
      Thread.sleep(Math.min(1000, 25L << attempt));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KeycondException(SqlState.QUERY_CANCELED, "Interrupted while retrying unprocessed keys", e);
    }
    context.checkRunning();
  }

  private Page query() {
    QueryResponse response = context.client().query(request.forPage(startKey == null).toQuery(startKey)
        .toBuilder().overrideConfiguration(timeout()).build());
    context.statistics().addRequest(response.scannedCount() == null ? response.count() : response.scannedCount());
    advance(response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : null);
    return new Page(response.items(), request.count() ? Optional.of((long) response.count()) : Optional.empty());
  }

  /**
   * The next page of a Scan, within the allowance of {@code scan=limit:N}. The items of a page read
   * within the allowance are returned; only asking for more once the allowance is used up fails,
   * and only when the table has more. DynamoDB also answers a page whose Limit ends exactly at the
   * end of the table with a LastEvaluatedKey, so one more request of Limit 1 tells whether more
   * items follow: a Scan reads at most one item beyond its allowance.
   */
  private Optional<Page> scan() {
    ScanPolicy policy = context.settings().scanPolicy();
    boolean probe = policy.isUsedUpBy(scanned);
    ReadRequest page = request.withLimit(probe ? Optional.of(1)
        : policy.pageLimit(request.forPage(startKey == null).limit(), scanned));
    ScanResponse response = context.client().scan(page.toScan(startKey).toBuilder()
        .overrideConfiguration(timeout()).build());
    int read = response.scannedCount() == null ? response.count() : response.scannedCount();
    context.statistics().addRequest(read);
    scanned += read;
    advance(response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : null);
    if (probe) {
      if (read > 0 || !done) {
        throw new KeycondException(SqlState.SCAN_REFUSED, "The Scan of DynamoDB table '" + request.tableName()
            + "' read its allowance of " + policy.maxItems() + " items (scan=" + policy
            + ") before reaching the end of the table. " + (limitEndsRead
                ? "Add a LIMIT, bind the partition key, or raise the limit."
                : "Bind the partition key, or raise the limit: the statement counts, groups, sorts or joins "
                    + "the rows of the whole Scan, which a LIMIT does not shorten."));
      }
      return Optional.empty();
    }
    Optional<Long> count = request.count() ? Optional.of((long) response.count()) : Optional.empty();
    return Optional.of(new Page(response.items(), count));
  }

  private void advance(Map<String, AttributeValue> lastEvaluatedKey) {
    startKey = lastEvaluatedKey;
    done = lastEvaluatedKey == null || lastEvaluatedKey.isEmpty();
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
