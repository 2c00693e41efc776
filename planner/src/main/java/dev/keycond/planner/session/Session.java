package dev.keycond.planner.session;

import dev.keycond.planner.cache.PlanCacheStatistics;
import dev.keycond.planner.infer.MappingInference;
import dev.keycond.planner.infer.ProposedMapping;
import dev.keycond.planner.infer.SampleBounds;
import dev.keycond.planner.PlannedExplain;
import dev.keycond.planner.PlannedStatement;
import dev.keycond.planner.PlannedUpdate;
import dev.keycond.planner.PlannedText;
import dev.keycond.planner.PlannerWarmUp;
import dev.keycond.planner.StatementPlanner;
import dev.keycond.planner.cost.CostMeter;
import dev.keycond.planner.cost.StatementCost;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.explain.StatementRequests;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.write.WriteFailure;
import dev.keycond.planner.exec.write.WriteResult;
import dev.keycond.planner.gateway.DynamoCatalog;
import dev.keycond.planner.gateway.DynamoClients;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.gateway.RunRecorder;
import dev.keycond.planner.gateway.SharedClient;
import dev.keycond.planner.gateway.StatementCall;
import dev.keycond.planner.gateway.TableDescriptions;
import dev.keycond.planner.mapping.Mapping;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.planner.rel.DynamoWrite;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.write.WritePlan;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.settings.CapacityReport;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.transaction.KeyChecks;
import dev.keycond.planner.transaction.Transaction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * One session with DynamoDB, the planner's front door: it owns the client, the gateway its
 * statements' requests go through, the catalog of tables the mapping binds, the settings, and the
 * plans kept for its texts. A JDBC connection is one session; it plans and runs statements through
 * it and knows nothing of what lies behind.
 */
public final class Session implements AutoCloseable {
  private final SharedClient share;
  private final DynamoDbClient client;
  private final DynamoGateway gateway;
  private final KeycondSchema schema;
  private final StatementPlanner planner;
  /** Whether a write in auto-commit mode goes out as a TransactWriteItems of its own, with a token. */
  private final boolean idempotentWrites;
  /** When the transactions of the session find an INSERT's key taken. */
  private final KeyChecks keyChecks;
  /** Present while auto-commit is off: the writes kept until commit. */
  private Optional<Transaction> transaction = Optional.empty();
  /** The savepoints of the transaction, oldest first, by id. */
  private final LinkedHashMap<Integer, Transaction.Mark> savepoints = new LinkedHashMap<>();
  private int nextSavepoint = 1;
  /** What the last commit's requests cost. */
  private volatile StatementCost lastCommit = new CostMeter().snapshot();
  private volatile RequestBound requestBound = RequestBound.NONE;

  private Session(SharedClient share, TableDescriptions descriptions, KeycondSchema schema, StatementPlanner planner,
      boolean idempotentWrites, KeyChecks keyChecks, CapacityReport capacity) {
    this.share = share;
    this.client = share.client();
    this.gateway = new DynamoGateway(client, descriptions, capacity);
    this.schema = schema;
    this.planner = planner;
    this.idempotentWrites = idempotentWrites;
    this.keyChecks = keyChecks;
  }

  /**
   * Opens a session: reads the mapping while the client is built (or takes the client, and the
   * mapping, that other sessions of the JVM use), and binds every mapped table to what DescribeTable
   * says (or said within the reuse time), so that a bad mapping fails here. The first session of a
   * JVM also starts the planner's warm-up: its simple statement beside the session's requests, the
   * rest once the session is open.
   *
   * @param loginTimeoutSeconds how long connecting may take; 0 for the client's own limits
   * @throws dev.keycond.planner.error.KeycondException when the mapping or DynamoDB refuses
   */
  public static Session open(SessionOptions options, int loginTimeoutSeconds) {
    PlannerWarmUp.startOnce();
    SharedClient share = SharedClient.acquire(options.client());
    try {
      Mapping mapping = MappingParser.load(options.mapping().orElse(null));
      TableDescriptions descriptions = TableDescriptions.shared(options.client(), options.descriptionReuse());
      KeycondSchema schema = KeycondSchema.open(
          DynamoCatalog.connecting(share.client(), descriptions, loginTimeoutSeconds), mapping);
      return new Session(share, descriptions, schema,
          new StatementPlanner(schema, options.statements(), options.planCache(),
              options.direct()), options.idempotentWrites(),
          options.keyChecks(), options.statements().capacityReport());
    } catch (RuntimeException e) {
      share.release();
      throw e;
    } finally {
      PlannerWarmUp.connected();
    }
  }

  /**
   * Plans a statement, or finds the plan kept for its text.
   *
   * @param maxRows 0 for no limit
   */
  public PlannedStatement prepare(String sql, long maxRows) {
    return beginning(() -> planner.prepare(sql, maxRows));
  }

  /**
   * Plans a plain statement's text, sharing the plan of texts of its shape where it can, as part of
   * the call that then runs it: a request planning sends (describing a raw table, listing the
   * account's tables) is bounded by the call's query timeout and stopped by its cancel.
   *
   * @param maxRows 0 for no limit
   */
  public PlannedText prepareText(String sql, long maxRows, StatementCall call) {
    return beginning(() -> call.planning(() -> planner.prepareText(sql, maxRows)));
  }

  /** Plans a statement that begins, telling the planner's warm-up, which waits for the JVM's first. */
  private static <T> T beginning(Supplier<T> planning) {
    PlannerWarmUp.statementBegins();
    try {
      return planning.get();
    } catch (RuntimeException e) {
      PlannerWarmUp.statementOver();
      throw e;
    }
  }

  /** Says that one of the session's statements was closed. */
  public void statementClosed() {
    PlannerWarmUp.statementOver();
  }

  /**
   * Bounds each request the session's statements and commits send, on its own (JDBC's network
   * timeout); 0 for no bound but a statement's query timeout and the client's {@code requestTimeout}.
   * A request that runs past it fails its statement with 08006, then {@code exceeded} runs (JDBC
   * closes the connection).
   */
  public void boundEachRequest(long millis, Runnable exceeded) {
    requestBound = new RequestBound(millis, exceeded);
  }

  /**
   * The life of a statement's requests, bounded by {@code timeoutMillis} (0 for none) and by
   * {@link #boundEachRequest}.
   */
  public StatementCall call(long timeoutMillis, CostMeter cost, RunRecorder recorder) {
    RequestBound bound = requestBound;
    return new StatementCall(timeoutMillis, bound.millis(), bound.exceeded(), cost, recorder);
  }

  /**
   * An execution of a statement with these parameter values, within the transaction when there is
   * one.
   *
   * @param call its query timeout, its cost and what it records, from the time the call was made
   */
  public ExecutionContext execution(List<Object> parameters, StatementCall call) {
    ExecutionContext context = new ExecutionContext(gateway, parameters, planner.settings(), call);
    return transaction.map(context::inTransaction).orElse(context);
  }

  /**
   * Runs a write once per parameter set. In a transaction its actions are kept until commit, and
   * the statement is all or nothing within it. With {@code idempotentWrites}, a write in auto-commit
   * mode is a transaction of its own, sent at once as one TransactWriteItems with a
   * ClientRequestToken: a retry after a lost answer is applied once. So is an UPDATE or DELETE with
   * an EXISTS check, whose check and writes only a transaction makes atomic.
   *
   * @return the rows each execution wrote
   */
  public WriteResult write(PlannedUpdate update, ExecutionContext context, List<List<Object>> parameterSets,
      boolean returnsRows) {
    Optional<Transaction> open = context.transaction();
    if (open.isPresent()) {
      try {
        return open.get().statement(() -> update.execute(context, parameterSets, returnsRows));
      } catch (WriteFailure failure) {
        // The rows the failure counts as written were kept, and are dropped with the statement.
        KeycondException row = (KeycondException) failure.getCause();
        throw new KeycondException(row.state(), row.messageThen("Nothing of this statement is kept: the "
            + "transaction holds what it held before it."), row);
      }
    }
    if (idempotentWrites || update.needsTransaction()) {
      // The statement is a transaction of its own, committed at once with its own token.
      Transaction own = Transaction.ofOneStatement(settings().showExpiredItems());
      WriteResult result = own.statement(() -> update.execute(context.inTransaction(own), parameterSets, returnsRows));
      own.commit(gateway, context.call());
      return result;
    }
    return update.execute(context, parameterSets, returnsRows);
  }

  /**
   * EXPLAIN's rows; in a transaction, EXPLAIN of a write also says that its actions are sent at
   * commit.
   */
  public List<Object[]> explain(PlannedExplain explain, Optional<List<Object>> parameterValues) {
    List<Object[]> rows = new ArrayList<>(explain.rows(planner.settings(), parameterValues));
    if (transaction.isPresent() && explain.plan() instanceof DynamoWrite write
        && write.write() instanceof WritePlan.InsertRows insert && !insert.upsert()) {
      boolean reads = transaction.get().checksInsertedKeys();
      String check = reads
          ? "In this transaction an INSERT first reads its rows' keys when it runs, strongly consistent and returning "
              + "only the key (one GetItem for one row, else a BatchGetItem per " + BatchGetItem.MAX_KEYS + " keys, as "
              + "the transaction leaves them), and fails with 23505, keeping none of its rows, when one has an item"
          : "In this transaction an INSERT reads nothing when it runs (keyChecks=deferred): a row whose key an item "
              + "has cancels the whole commit with 23505";
      rows.add(explain.output() == PlannedExplain.Output.TEXT ? new Object[] {check}
          : new Object[] {reads ? "BatchGetItem" : "TransactWriteItems", null, check});
    }
    if (transaction.isPresent() && explain.plan() instanceof DynamoWrite) {
      String kept = "In this transaction the requests above are not sent when the statement runs: its rows are read "
          + "then, and its writes kept, one action per item, until commit() sends them all in one TransactWriteItems "
          + "(at most " + TransactWriteItems.MAX_ACTIONS + " actions and 4 MB; each action writes at twice the units "
          + "of a plain write)";
      rows.add(explain.output() == PlannedExplain.Output.TEXT ? new Object[] {kept}
          : new Object[] {"TransactWriteItems", null, kept});
    }
    return rows;
  }

  /**
   * What EXPLAIN says of {@code sql}, as values: its requests, each to send by hand, and why keycond
   * would refuse it. Plans only; sends nothing.
   */
  public StatementRequests requests(String sql) {
    if (!(planner.prepare("EXPLAIN PLAN FOR " + sql, 0) instanceof PlannedExplain explain)) {
      throw new IllegalStateException("EXPLAIN PLAN FOR planned into something other than an EXPLAIN");
    }
    return explain.requests(planner.settings(), Optional.empty());
  }

  /**
   * Sends one Query outside any statement, on the session's client: the workbench's key reads
   * around the slice a statement reads, which no statement's cost counts and which the workbench
   * lists apart from the statement's own requests.
   */
  public QueryResponse keyRead(QueryRequest query) {
    return client.query(query);
  }

  /** Whether each statement's writes are sent as it runs (no transaction is open). */
  public boolean autoCommit() {
    return transaction.isEmpty();
  }

  /**
   * Switches auto-commit: off opens a transaction; on commits the one open, as JDBC prescribes.
   *
   * @throws dev.keycond.planner.error.KeycondException as {@link #commit()} does; auto-commit stays off then
   */
  public void setAutoCommit(boolean on) {
    if (on && transaction.isPresent()) {
      commit();
      transaction = Optional.empty();
    } else if (!on && transaction.isEmpty()) {
      transaction = Optional.of(Transaction.ofConnection(keyChecks, settings().showExpiredItems()));
    }
  }

  /**
   * Sends the transaction's writes in one TransactWriteItems (nothing when it has none); the
   * transaction goes on, empty, as JDBC's next one.
   *
   * @throws dev.keycond.planner.error.KeycondException 25000 in auto-commit; 40001 or 23505 when
   *     DynamoDB cancelled the transaction, which then wrote nothing
   */
  public void commit() {
    Transaction open = openTransaction("commit");
    CostMeter cost = new CostMeter();
    try {
      open.commit(gateway, call(0, cost, RunRecorder.NOTHING));
    } finally {
      // Committed or cancelled, the transaction is empty, and its savepoints are gone with it; a commit
      // that got no answer keeps its writes, and its savepoints.
      if (open.actions() == 0) {
        savepoints.clear();
      }
      lastCommit = cost.snapshot();
    }
  }

  /** Drops the transaction's writes, sending nothing. */
  public void rollback() {
    openTransaction("rollback").discard();
    savepoints.clear();
  }

  /**
   * A way back to what the open transaction holds now, for statements that are all or nothing
   * together (a Statement's batch); empty in auto-commit mode, where each is sent as it runs.
   */
  public Optional<Runnable> undoPoint() {
    return transaction.map(open -> {
      Transaction.Mark mark = open.mark();
      return () -> open.rollbackTo(mark);
    });
  }

  /** Drops the writes kept since a savepoint; the savepoint stays, and those after it go. */
  public void rollback(int savepoint) {
    Transaction open = openTransaction("rollback to a savepoint");
    open.rollbackTo(savepoint(savepoint));
    savepoints.keySet().removeIf(id -> id > savepoint);
  }

  /** Marks what the transaction holds now; returns the savepoint's id. */
  public int setSavepoint() {
    Transaction open = openTransaction("setSavepoint");
    int id = nextSavepoint++;
    savepoints.put(id, open.mark());
    return id;
  }

  /** Forgets a savepoint (and those after it); the transaction keeps its writes. */
  public void releaseSavepoint(int savepoint) {
    openTransaction("releaseSavepoint");
    savepoint(savepoint);
    savepoints.keySet().removeIf(id -> id >= savepoint);
  }

  private Transaction.Mark savepoint(int id) {
    Transaction.Mark mark = savepoints.get(id);
    if (mark == null) {
      throw new KeycondException(SqlState.INVALID_SAVEPOINT, "Savepoint " + id + " is not one of this transaction's: "
          + "it was released, rolled back past, or set in a transaction that has ended.");
    }
    return mark;
  }

  private Transaction openTransaction(String call) {
    return transaction.orElseThrow(() -> new KeycondException(SqlState.INVALID_TRANSACTION_STATE, "No transaction "
        + "to " + call + ": the connection is in auto-commit mode, where each statement is committed as it runs. "
        + "Call setAutoCommit(false) to start a transaction."));
  }

  /** What the last commit's requests cost (the TransactWriteItems and its units); nothing before the first. */
  public StatementCost lastCommitCost() {
    return lastCommit;
  }

  public StatementSettings settings() {
    return planner.settings();
  }

  /** The tables statements and metadata see. */
  public KeycondSchema schema() {
    return schema;
  }

  /** What the plan cache has done: statements planned, and those that found a plan for their text or shape. */
  public PlanCacheStatistics planCacheStatistics() {
    return planner.cacheStatistics();
  }

  /**
   * What the session reaches, for people: the endpoint, the region and the tables, mapped ones
   * first, such as "DynamoDB at http://127.0.0.1:8000 (region us-east-1): mapped tables files,
   * workspaces, projects; tables without a mapping: Events".
   */
  public String describe() {
    List<String> mapped = schema.mappedTables().stream().map(EntityTable::name).toList();
    List<String> raw = schema.tableNames().stream().filter(name -> !mapped.contains(name)).toList();
    return "DynamoDB at " + DynamoClients.endpoint(client) + " (region "
        + client.serviceClientConfiguration().region().id() + "): "
        + (mapped.isEmpty() ? "no mapped tables" : "mapped tables " + String.join(", ", mapped)) + "; "
        + (raw.isEmpty() ? "no tables without a mapping" : "tables without a mapping: " + String.join(", ", raw));
  }

  /**
   * A mapping proposed from a bounded sample of {@code tables} (every table when empty), read with
   * this session's client; the shell's {@code !mapping infer}.
   */
  public ProposedMapping inferMapping(List<String> tables, SampleBounds bounds) {
    return MappingInference.infer(client, tables, bounds);
  }

  /**
   * Whether DynamoDB answers within {@code timeout}: a request of this session's client that
   * succeeded within {@link dev.keycond.planner.gateway.EndpointCheck#FRESH} tells, else a request.
   */
  public boolean answers(Duration timeout) {
    return share.answers(timeout);
  }

  /**
   * Ends the session: a transaction's writes not committed are dropped, unsent, and its share of the
   * client is given back (the last session of the client closes it).
   */
  @Override
  public void close() {
    transaction.ifPresent(Transaction::discard);
    share.release();
    PlannerWarmUp.statementOver();
  }
}
