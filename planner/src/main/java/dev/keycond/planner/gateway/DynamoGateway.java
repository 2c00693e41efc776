package dev.keycond.planner.gateway;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.BatchWriteItem;
import dev.keycond.planner.request.DeleteItem;
import dev.keycond.planner.request.DynamoRequest;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.PutItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.request.UpdateItem;
import dev.keycond.planner.settings.CapacityReport;
import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The one way a statement's requests reach DynamoDB, for reads and writes alike: each request is
 * bounded by what is left of the query timeout (else by {@link ClientSettings#requestTimeout}),
 * stopped with its statement, its failures translated into keycond errors that name what was being
 * done, and the parts of a batch that DynamoDB leaves unprocessed sent again with exponential
 * backoff and jitter. What DynamoDB answers is counted in the statement's cost (requests, items,
 * ConsumedCapacity), and so is a conditional write it answered with a failed condition. A request
 * runs on the thread that calls, and a stop of its statement aborts it ({@link StoppableHttpClient}).
 */
public final class DynamoGateway {
  /** How often the unprocessed part of a batch is sent, the first time included. */
  static final int BATCH_ATTEMPTS = 8;
  private static final long BACKOFF_BASE_MILLIS = 50;
  private static final long BACKOFF_CAP_MILLIS = 2_000;

  private final DynamoDbClient client;
  private final RequestScope scope;
  private final TableDescriptions descriptions;
  private final CapacityReport capacity;

  /**
   * A gateway whose failures concern no connection's descriptions, and whose requests ask for the
   * capacity of each index (mapping inference, the warm-up).
   */
  public DynamoGateway(DynamoDbClient client) {
    this(client, TableDescriptions.unshared(), CapacityReport.INDEXES);
  }

  /**
   * @param descriptions the descriptions the connection shares, from which a table is dropped when
   *     a request's failure shows its description stale
   * @param capacity what every request asks DynamoDB to report of the capacity it consumed
   */
  public DynamoGateway(DynamoDbClient client, TableDescriptions descriptions, CapacityReport capacity) {
    this.client = client;
    this.scope = RequestScope.statement(client);
    this.descriptions = descriptions;
    this.capacity = capacity;
  }

  /** The item, or empty when no item has the key. */
  public Optional<Map<String, AttributeValue>> getItem(GetItem get, StatementCall call) {
    GetItemRequest request = get.toSdk(capacity.asked());
    GetItemResponse response = send(get, call, c -> c.getItem(bounded(request, call)));
    int found = response.hasItem() ? 1 : 0;
    answered(call, get, request, consumed(response.consumedCapacity()), found, found, 0, Map.of());
    return response.hasItem() ? Optional.of(GetItem.withKey(response.item(), request.key())) : Optional.empty();
  }

  /**
   * Every item of the batch that exists, in no particular order; keys DynamoDB leaves unprocessed
   * (throttling) are asked for again.
   */
  public List<Map<String, AttributeValue>> batchGetItem(BatchGetItem batch, StatementCall call) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    List<Map<String, AttributeValue>> pending = batch.boundKeys();
    int attempt = 0;
    for (; !pending.isEmpty(); attempt++) {
      if (attempt == BATCH_ATTEMPTS) {
        throw new KeycondException(SqlState.THROTTLED, "BatchGetItem on table '" + batch.tableName() + "' left "
            + pending.size() + " keys unprocessed after " + BATCH_ATTEMPTS + " attempts; DynamoDB is throttling");
      }
      if (attempt > 0) {
        backOff(attempt, call);
      }
      List<Map<String, AttributeValue>> keys = pending;
      BatchGetItemRequest request = batch.toSdk(keys, capacity.asked());
      BatchGetItemResponse response = send(batch, call, c -> c.batchGetItem(bounded(request, call)));
      List<Map<String, AttributeValue>> found = response.responses().getOrDefault(batch.tableName(), List.of());
      answered(call, batch, request, response.consumedCapacity(), found.size(), found.size(), 0, Map.of());
      items.addAll(found);
      KeysAndAttributes unprocessed = response.unprocessedKeys().get(batch.tableName());
      pending = unprocessed == null ? List.of() : unprocessed.keys();
    }
    return items;
  }

  /** One page of a Query, from {@code startKey} (null for the first). */
  public QueryResponse query(Query query, Map<String, AttributeValue> startKey, StatementCall call) {
    QueryRequest request = query.toSdk(startKey, capacity.asked());
    QueryResponse response = send(query, call, c -> c.query(bounded(request, call)));
    answered(call, query, request, consumed(response.consumedCapacity()), itemsRead(response.scannedCount(),
        response.count()), response.count(), 0, response.lastEvaluatedKey());
    return response;
  }

  /** One page of a Scan, from {@code startKey} (null for the first). */
  public ScanResponse scan(Scan scan, Map<String, AttributeValue> startKey, StatementCall call) {
    ScanRequest request = scan.toSdk(startKey, capacity.asked());
    ScanResponse response = send(scan, call, c -> c.scan(bounded(request, call)));
    answered(call, scan, request, consumed(response.consumedCapacity()), itemsRead(response.scannedCount(),
        response.count()), response.count(), 0, response.lastEvaluatedKey());
    return response;
  }

  /**
   * Counts a request DynamoDB answered in the statement's cost, and records it when the statement
   * records its run.
   *
   * @param sent the request as it went on the wire
   * @param lastEvaluatedKey where a page ended; empty when none follows or the request is not paged
   */
  private void answered(StatementCall call, DynamoRequest request, DynamoDbRequest sent,
      List<ConsumedCapacity> consumed, long itemsRead, long itemsReturned, long itemsWritten,
      Map<String, AttributeValue> lastEvaluatedKey) {
    call.cost().answered(request, capacity.reportsUnits(), consumed, itemsRead, itemsWritten);
    call.recorder().answered(sent, request instanceof ReadRequest, consumed, itemsRead, itemsReturned,
        lastEvaluatedKey);
  }

  /** The items a page read: its ScannedCount, which is its Count when no filter ran. */
  private static long itemsRead(Integer scannedCount, Integer count) {
    return scannedCount != null ? scannedCount : count;
  }

  /** What a conditional PutItem did. */
  public enum PutOutcome {
    WRITTEN,
    /** The condition failed on the first attempt: nothing changed. */
    CONDITION_FAILED,
    /**
     * The condition failed on an attempt after the first: the SDK sent the request again because an
     * answer was lost, and an earlier attempt may be what made the condition fail.
     */
    CONDITION_FAILED_ON_RETRY
  }

  public PutOutcome putItem(PutItem put, StatementCall call) {
    PutItemRequest request = put.toSdk(capacity.asked());
    try {
      PutItemResponse response = send(put, call, c -> c.putItem(bounded(request, call)));
      answered(call, put, request, consumed(response.consumedCapacity()), 0, 0, 1, Map.of());
      return PutOutcome.WRITTEN;
    } catch (KeycondException e) {
      if (e.getCause() instanceof ConditionalCheckFailedException failed) {
        answered(call, put, request, List.of(), 0, 0, 0, Map.of());
        Integer attempts = failed.numAttempts();
        return attempts != null && attempts > 1 ? PutOutcome.CONDITION_FAILED_ON_RETRY : PutOutcome.CONDITION_FAILED;
      }
      throw e;
    }
  }

  /**
   * What a conditional UpdateItem or DeleteItem did: empty when its condition failed, and nothing
   * changed; else the item DynamoDB answered with, when the request asked for it (else no
   * attributes).
   */
  public Optional<Map<String, AttributeValue>> updateItem(UpdateItem update, StatementCall call) {
    UpdateItemRequest request = update.toSdk(capacity.asked());
    return conditional(update, request, call, () -> {
      UpdateItemResponse response = send(update, call, c -> c.updateItem(bounded(request, call)));
      return new Answer(response.consumedCapacity(), response.attributes());
    });
  }

  /** See {@link #updateItem}: the item as it was before it was deleted, when the request asked for it. */
  public Optional<Map<String, AttributeValue>> deleteItem(DeleteItem delete, StatementCall call) {
    DeleteItemRequest request = delete.toSdk(capacity.asked());
    return conditional(delete, request, call, () -> {
      DeleteItemResponse response = send(delete, call, c -> c.deleteItem(bounded(request, call)));
      return new Answer(response.consumedCapacity(), response.attributes());
    });
  }

  private record Answer(ConsumedCapacity capacity, Map<String, AttributeValue> attributes) {}
  /**
   * Sends a transaction. The SDK sends the same request again when an answer is lost, so every
   * attempt carries the transaction's one ClientRequestToken, and DynamoDB applies it once.
   */
  public TransactOutcome transactWriteItems(TransactWriteItems transaction, StatementCall call) {
    long writes = transaction.actions().stream().filter(a -> !(a instanceof TransactWriteItems.ConditionCheck)).count();
    TransactWriteItemsRequest request = transaction.toSdk(capacity.asked());
    try {
      TransactWriteItemsResponse response = send(transaction, call, c -> c.transactWriteItems(
          bounded(request, call)));
      answered(call, transaction, request, response.consumedCapacity(), 0, 0, writes, Map.of());
      return new TransactOutcome.Committed();
    } catch (KeycondException e) {
      if (e.getCause() instanceof TransactionCanceledException cancelled) {
        answered(call, transaction, request, List.of(), 0, 0, 0, Map.of());
        return new TransactOutcome.Cancelled(cancelled.cancellationReasons().stream()
            .map(r -> new TransactOutcome.Reason(r.code() == null ? "None" : r.code(), Optional.ofNullable(r.message())))
            .collect(ImmutableList.toImmutableList()));
      }
      throw e;
    }
  }

  /** Sends a write of one item and counts it: written, or answered with a failed condition. */
  private Optional<Map<String, AttributeValue>> conditional(DynamoRequest request, DynamoDbRequest sent,
      StatementCall call, Supplier<Answer> write) {
    try {
      Answer answer = write.get();
      answered(call, request, sent, consumed(answer.capacity()), 0, 0, 1, Map.of());
      return Optional.of(answer.attributes() == null ? Map.of() : answer.attributes());
    } catch (KeycondException e) {
      if (e.getCause() instanceof ConditionalCheckFailedException) {
        answered(call, request, sent, List.of(), 0, 0, 0, Map.of());
        return Optional.empty();
      }
      throw e;
    }
  }

  /** The ConsumedCapacity of an answer about one table: none when the answer has none. */
  private static List<ConsumedCapacity> consumed(ConsumedCapacity capacity) {
    return capacity == null ? List.of() : List.of(capacity);
  }

  /**
   * What a BatchWriteItem did: the writes still unprocessed after {@link #BATCH_ATTEMPTS} attempts
   * (none when all were written), and how many requests it took.
   */
  public record BatchWriteResult(List<BatchWriteItem.Write> unprocessed, int requests) {}

  /**
   * Sends a batch of writes; the writes DynamoDB leaves unprocessed (throttling) are sent again
   * with backoff, and those still unprocessed at the end are returned, not thrown: the caller knows
   * exactly which rows were written.
   */
  public BatchWriteResult batchWriteItem(BatchWriteItem batch, StatementCall call) {
    List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> all = batch.sdkWrites();
    List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> pending = all;
    int attempt = 0;
    for (; !pending.isEmpty() && attempt < BATCH_ATTEMPTS; attempt++) {
      if (attempt > 0) {
        backOff(attempt, call);
      }
      List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> sending = pending;
      BatchWriteItemRequest request = BatchWriteItem.toSdk(batch.tableName(), sending, capacity.asked());
      BatchWriteItemResponse response = send(batch, call, c -> c.batchWriteItem(
          bounded(request, call)));
      pending = response.unprocessedItems().getOrDefault(batch.tableName(), List.of());
      answered(call, batch, request, response.consumedCapacity(), 0, 0, sending.size() - pending.size(), Map.of());
    }
    List<BatchWriteItem.Write> unprocessed = new ArrayList<>();
    for (software.amazon.awssdk.services.dynamodb.model.WriteRequest left : pending) {
      unprocessed.add(batch.writes().get(all.indexOf(left)));
    }
    return new BatchWriteResult(unprocessed, attempt);
  }

  /**
   * Sends one request, unless the statement has stopped, and translates how it failed: a timeout
   * that was what was left of the query timeout is the statement's timeout (HYT00); anything else
   * says what the request was doing and where it went.
   */
  private <T> T send(DynamoRequest request, StatementCall call, Function<DynamoDbClient, T> sending) {
    call.checkRunning();
    try {
      return call.sending(() -> sending.apply(client));
    } catch (SdkException e) {
      if (DynamoErrors.showsStaleDescription(e)) {
        request.tableNames().forEach(descriptions::forget);
      }
      throw call.failed(e, describe(request), scope);
    }
  }

  /** What a request does, as messages name it: {@code Query on table 'Drive' index 'ByParent'}. */
  public static String describe(DynamoRequest request) {
    Optional<String> index = request instanceof ReadRequest read ? read.indexName() : Optional.empty();
    return request.operation() + " on table '" + request.tableName() + "'"
        + index.map(i -> " index '" + i + "'").orElse("");
  }

  /**
   * A request bounded by what is left of the query timeout. Without a query timeout it is sent as
   * built, under the client's own limits: not copied to carry an empty override configuration.
   */
  @SuppressWarnings("unchecked") // toBuilder().build() gives the request's own class
  private static <R extends DynamoDbRequest> R bounded(R request, StatementCall call) {
    return call.timeLeft().map(left -> (R) request.toBuilder().overrideConfiguration(
        AwsRequestOverrideConfiguration.builder().apiCallTimeout(left).build()).build()).orElse(request);
  }

  /**
   * Waits before sending the unprocessed part of a batch again: a random time up to 50 ms × 2^(n-1),
   * at most 2 s ("full jitter", as AWS advises), so that clients throttled together do not retry
   * together.
   */
  private static void backOff(int attempt, StatementCall call) {
    long cap = Math.min(BACKOFF_CAP_MILLIS, BACKOFF_BASE_MILLIS << (attempt - 1));
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(cap + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KeycondException(SqlState.QUERY_CANCELED, "Interrupted while retrying unprocessed keys", e);
    }
    call.checkRunning();
  }
}
