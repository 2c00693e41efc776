package dev.keycond.benchmark;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/**
 * Counts the HTTP requests every SDK client in this JVM sends, by operation, the items the Queries
 * and Scans among them read (DynamoDB's ScannedCount), and the capacity they consumed (read units
 * for reads, write units for the write load's puts and the transactions). The SDK
 * installs it into every client it builds, keycond's included, because it is listed in
 * {@code software/amazon/awssdk/global/handlers/execution.interceptors}; so keycond and the
 * baseline are counted the same way, on the wire side, retries included.
 *
 * <p>DynamoDB reports consumed capacity only when a request asks for it. While
 * {@link #countCapacity} is on, every read request of the JVM, keycond's and the baseline's, is
 * sent with {@code ReturnConsumedCapacity=TOTAL}; it is off while anything is timed, so that the
 * timed requests are exactly the ones keycond sends.
 */
public final class RequestCounter implements ExecutionInterceptor {
  private static final Map<String, LongAdder> SENT = new ConcurrentHashMap<>();
  private static final LongAdder ITEMS_READ = new LongAdder();
  private static final DoubleAdder CAPACITY = new DoubleAdder();
  private static volatile boolean countCapacity;

  @Override
  public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
    if (!countCapacity) {
      return context.request();
    }
    SdkRequest request = context.request();
    if (request instanceof QueryRequest query) {
      return query.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    } else if (request instanceof ScanRequest scan) {
      return scan.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    } else if (request instanceof GetItemRequest get) {
      return get.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    } else if (request instanceof BatchGetItemRequest batch) {
      return batch.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    } else if (request instanceof PutItemRequest put) {
      return put.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    } else if (request instanceof BatchWriteItemRequest batch) {
      return batch.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    } else if (request instanceof TransactWriteItemsRequest transaction
        && transaction.returnConsumedCapacity() == null) {
      return transaction.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }
    return request;
  }

  @Override
  public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
    String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
    SENT.computeIfAbsent(operation, o -> new LongAdder()).increment();
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    if (context.response() instanceof QueryResponse query) {
      ITEMS_READ.add(query.scannedCount());
      addCapacity(query.consumedCapacity());
    } else if (context.response() instanceof ScanResponse scan) {
      ITEMS_READ.add(scan.scannedCount());
      addCapacity(scan.consumedCapacity());
    } else if (context.response() instanceof GetItemResponse get) {
      addCapacity(get.consumedCapacity());
    } else if (context.response() instanceof BatchGetItemResponse batch) {
      batch.consumedCapacity().forEach(RequestCounter::addCapacity);
    } else if (context.response() instanceof PutItemResponse put) {
      addCapacity(put.consumedCapacity());
    } else if (context.response() instanceof BatchWriteItemResponse batch) {
      batch.consumedCapacity().forEach(RequestCounter::addCapacity);
    } else if (context.response() instanceof TransactWriteItemsResponse transaction) {
      transaction.consumedCapacity().forEach(RequestCounter::addCapacity);
    }
  }

  private static void addCapacity(ConsumedCapacity consumed) {
    if (consumed != null && consumed.capacityUnits() != null) {
      CAPACITY.add(consumed.capacityUnits());
    }
  }

  /** Starts counting from zero; with {@code capacity}, read requests ask for their consumed capacity. */
  static void reset(boolean capacity) {
    countCapacity = capacity;
    SENT.clear();
    ITEMS_READ.reset();
    CAPACITY.reset();
  }

  /** The items the Queries and Scans since the last {@link #reset} read, filtered out or not. */
  static long itemsRead() {
    return ITEMS_READ.sum();
  }

  /** The capacity units (read or write) consumed since the last {@link #reset}, if it asked for them. */
  static double capacityUnits() {
    return CAPACITY.sum();
  }

  /** The requests sent since the last {@link #reset}, by operation name. */
  static Map<String, Long> sent() {
    Map<String, Long> counts = new TreeMap<>();
    SENT.forEach((operation, n) -> counts.put(operation, n.sum()));
    return counts;
  }
}
