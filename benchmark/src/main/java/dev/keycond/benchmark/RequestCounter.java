package dev.keycond.benchmark;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Counts the HTTP requests every SDK client in this JVM sends, by operation, and the items the
 * Queries and Scans among them read (DynamoDB's ScannedCount). The SDK installs it
 * into every client it builds, keycond's included, because it is listed in
 * {@code software/amazon/awssdk/global/handlers/execution.interceptors}; so keycond and the
 * baseline are counted the same way, on the wire side, retries included.
 */
public final class RequestCounter implements ExecutionInterceptor {
  private static final Map<String, LongAdder> SENT = new ConcurrentHashMap<>();
  private static final LongAdder ITEMS_READ = new LongAdder();

  @Override
  public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
    String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
    SENT.computeIfAbsent(operation, o -> new LongAdder()).increment();
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    if (context.response() instanceof QueryResponse query) {
      ITEMS_READ.add(query.scannedCount());
    } else if (context.response() instanceof ScanResponse scan) {
      ITEMS_READ.add(scan.scannedCount());
    }
  }

  static void reset() {
    SENT.clear();
    ITEMS_READ.reset();
  }

  /** The items the Queries and Scans since the last {@link #reset()} read, filtered out or not. */
  static long itemsRead() {
    return ITEMS_READ.sum();
  }

  /** The requests sent since the last {@link #reset()}, by operation name. */
  static Map<String, Long> sent() {
    Map<String, Long> counts = new TreeMap<>();
    SENT.forEach((operation, n) -> counts.put(operation, n.sum()));
    return counts;
  }
}
