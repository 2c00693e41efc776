package dev.keycond.sqltests.harness;

import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * Records every DynamoDB request any SDK client in this JVM sends, the driver's included, so tests
 * can assert which reads a SQL statement turned into.
 *
 * <p>Nothing in production code registers it: the SDK instantiates it into every client it
 * builds because it is listed in the test classpath resource
 * {@code software/amazon/awssdk/global/handlers/execution.interceptors}, which sdk-core's
 * {@code ClasspathInterceptorChainFactory} reads.
 *
 * <p>The record is process-wide, so tests that assert on it must not run concurrently with other
 * tests that use DynamoDB; call {@link #clear()} after setting up data and before the statement
 * under test.
 */
public final class RequestRecorder implements ExecutionInterceptor {
  private static final Queue<RecordedRequest> REQUESTS = new ConcurrentLinkedQueue<>();

  /** The operations that read or write items, as opposed to metadata and table management. */
  private static final Set<String> DATA_OPERATIONS = Set.of(
      "GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems",
      "PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems",
      "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction");

  /** How many recorders the SDK made: one per client built in this JVM. */
  private static final AtomicInteger CLIENTS_BUILT = new AtomicInteger();

  /** For the SDK, which creates one per client. */
  public RequestRecorder() {
    CLIENTS_BUILT.incrementAndGet();
  }

  /** How many DynamoDB clients this JVM has built so far, the driver's and the tests' own. */
  public static int clientsBuilt() {
    return CLIENTS_BUILT.get();
  }

  /**
   * Records the request as it will be marshalled: this hook runs after every interceptor's
   * modifyRequest, and once per call, not once per retry.
   */
  @Override
  public void beforeMarshalling(Context.BeforeMarshalling context, ExecutionAttributes attributes) {
    if (context.request() instanceof DynamoDbRequest request) {
      String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
      REQUESTS.add(RecordedRequest.of(operation, request));
    }
  }

  public static void clear() {
    REQUESTS.clear();
  }

  /** Every request recorded since the last {@link #clear()}, oldest first. */
  public static List<RecordedRequest> requests() {
    return List.copyOf(REQUESTS);
  }

  /** The item reads and writes among {@link #requests()}: no DescribeTable, ListTables or DDL. */
  public static List<RecordedRequest> dataRequests() {
    return REQUESTS.stream()
        .filter(request -> DATA_OPERATIONS.contains(request.operation()))
        .toList();
  }
}
