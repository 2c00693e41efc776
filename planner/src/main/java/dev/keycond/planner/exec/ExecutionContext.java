package dev.keycond.planner.exec;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.gateway.StatementCall;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.transaction.Transaction;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.calcite.rel.core.CorrelationId;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What one execution of a statement runs with: the gateway to DynamoDB, the parameter values, the
 * settings, the items it discarded, and its call (timeout, cancellation and cost).
 */
public final class ExecutionContext {
  private final DynamoGateway gateway;
  private final StatementCall call;
  private final List<Object> parameters;
  private final StatementSettings settings;
  private final ReadStatistics statistics;
  private final Instant startTime = Instant.now();
  private final Map<CorrelationId, Object[]> correlations = new HashMap<>();
  private final Map<Object, Object> shared = new HashMap<>();
  /** Per correlated read of the plan, how often it has read in this execution. */
  private final Map<Object, Integer> correlatedReads = new HashMap<>();
  /** The session's transaction, where the statement's writes are kept until commit; empty in auto-commit. */
  private volatile Optional<Transaction> transaction = Optional.empty();
  /** Kept only for a statement that asks DYNAMODB_TYPE, which needs them. */
  private volatile Optional<StoredValues> storedValues = Optional.empty();

  /**
   * @param parameters parameter values in keycond's internal representation, in marker order
   * @param timeoutMillis 0 for no timeout
   */
  public ExecutionContext(DynamoGateway gateway, List<Object> parameters, StatementSettings settings,
      long timeoutMillis) {
    this(gateway, parameters, settings, new StatementCall(timeoutMillis));
  }

  /**
   * @param parameters parameter values in keycond's internal representation, in marker order
   * @param call the execution's timeout, stop and cost
   */
  public ExecutionContext(DynamoGateway gateway, List<Object> parameters, StatementSettings settings,
      StatementCall call) {
    this(gateway, parameters, settings, call, new ReadStatistics());
  }

  private ExecutionContext(DynamoGateway gateway, List<Object> parameters, StatementSettings settings,
      StatementCall call, ReadStatistics statistics) {
    this.gateway = gateway;
    this.parameters = parameters;
    this.settings = settings;
    this.call = call;
    this.statistics = statistics;
  }

  /**
   * An execution that sends nothing: a write's requests are built with it, from the statement's
   * values, to be shown rather than sent. Asking it for the gateway is a bug.
   */
  public static ExecutionContext sendingNothing(List<Object> parameters, StatementSettings settings) {
    return new ExecutionContext(null, parameters, settings, 0);
  }

  /**
   * The same execution with other parameter values and settings: one row of a batch
   * (PreparedStatement.executeBatch), or a write's strongly consistent read. It shares the call,
   * so a cancel or the timeout stops all of them, and the statistics, which count for the
   * statement, and the values kept for DYNAMODB_TYPE.
   */
  public ExecutionContext with(List<Object> otherParameters, StatementSettings otherSettings) {
    ExecutionContext other = new ExecutionContext(gateway, otherParameters, otherSettings, call, statistics);
    other.storedValues = storedValues;
    other.transaction = transaction;
    return other;
  }

  /** Makes the execution part of a transaction: its writes are kept in it, and its key reads see them. */
  public ExecutionContext inTransaction(Transaction open) {
    transaction = Optional.of(open);
    return this;
  }

  /** The transaction the execution's writes go to; empty when each write is sent as it runs. */
  public Optional<Transaction> transaction() {
    return transaction;
  }

  /** The item with a key, as the statement's transaction leaves it when there is one. */
  public Optional<Map<String, AttributeValue>> getItem(GetItem get) {
    Supplier<Optional<Map<String, AttributeValue>>> server = () -> gateway.getItem(get, call);
    return transaction.map(t -> t.getItem(get, server)).orElseGet(server);
  }

  /** The items of a batch that exist, as the statement's transaction leaves them when there is one. */
  public List<Map<String, AttributeValue>> batchGetItem(BatchGetItem batch) {
    Supplier<List<Map<String, AttributeValue>>> server = () -> gateway.batchGetItem(batch, call);
    return transaction.map(t -> t.batchGetItem(batch, server)).orElseGet(server);
  }

  /** Where the statement's requests go. */
  public DynamoGateway gateway() {
    if (gateway == null) {
      throw new IllegalStateException("this execution sends nothing");
    }
    return gateway;
  }

  /** The statement's timeout and stop, which bound every request it sends. */
  public StatementCall call() {
    return call;
  }

  public List<Object> parameters() {
    return parameters;
  }

  public Object parameter(int index) {
    if (index >= parameters.size()) {
      throw new KeycondException(SqlState.PARAMETER_NOT_SET, "Parameter " + (index + 1) + " is not set");
    }
    return parameters.get(index);
  }

  public StatementSettings settings() {
    return settings;
  }

  public ReadStatistics statistics() {
    return statistics;
  }

  /** Makes the reads keep the DynamoDB values behind the JSON texts they decode. */
  public void keepStoredValues() {
    if (storedValues.isEmpty()) {
      storedValues = Optional.of(new StoredValues());
    }
  }

  /** The DynamoDB values behind the JSON texts decoded so far, when the statement keeps them. */
  public Optional<StoredValues> storedValues() {
    return storedValues;
  }

  /** When the execution began; CURRENT_TIMESTAMP and its relatives read it so that every row sees one time. */
  public Instant startTime() {
    return startTime;
  }

  /** Makes {@code row} the value of a correlation variable while the correlated side is read for it. */
  public synchronized void bindCorrelation(CorrelationId id, Object[] row) {
    correlations.put(id, row);
    // What the correlated side shared was read for the previous row; it is read again for this one.
    shared.clear();
  }

  /** The row a correlation variable is bound to. */
  public Object[] correlation(CorrelationId id) {
    Object[] row = correlations.get(id);
    if (row == null) {
      throw new KeycondException(SqlState.INTERNAL_ERROR, "Correlation variable " + id + " is read before it is bound");
    }
    return row;
  }

  /**
   * Something computed once per execution and used by several operators, such as the rows of an
   * item collection that both sides of a join come from.
   */
  @SuppressWarnings("unchecked")
  public synchronized <T> T shared(Object key, Supplier<T> compute) {
    Object value = shared.get(key);
    if (value == null) {
      value = compute.get();
      shared.put(key, value);
    }
    return (T) value;
  }

  /**
   * Counts a read that the correlated subquery {@code read} makes for one distinct outer value;
   * more than {@code maxFanOut} of them stop it, as more key reads than that stop any other read.
   * Each subquery has its own count, as each IN list does: the outer rows' distinct values were
   * checked against maxFanOut before the subquery read once, so two subqueries over the same outer
   * rows are never refused after one of them has read.
   */
  public synchronized void countCorrelatedRead(Object read, String table) {
    if (correlatedReads.merge(read, 1, Integer::sum) > settings.maxFanOut()) {
      throw tooManyCorrelatedReads(table);
    }
  }

  /** The refusal of a correlated subquery that reads {@code table} for more distinct outer values than maxFanOut. */
  public KeycondException tooManyCorrelatedReads(String table) {
    return new KeycondException(SqlState.FAN_OUT_EXCEEDED, "The correlated subquery reads table '" + table
        + "' once per distinct value of the outer columns it uses, and the outer query has more than maxFanOut="
        + settings.maxFanOut() + " of them. Narrow the outer query, write the subquery as a join, or raise the "
        + "connection property maxFanOut.");
  }
}
