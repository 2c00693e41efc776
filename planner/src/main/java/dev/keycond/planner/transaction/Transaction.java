package dev.keycond.planner.transaction;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.gateway.DynamoErrors;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.gateway.StatementCall;
import dev.keycond.planner.gateway.TransactOutcome;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.Expiry;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.ItemExpectation;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.table.EntityTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A JDBC transaction: the write actions of its statements, kept until commit and then sent as one
 * TransactWriteItems. DynamoDB keeps no transaction open between calls, so this is all there is of
 * it until then: each statement is planned, checked and counted when it runs, its reads are sent
 * then, and its actions wait here, one per item, the later statements on an item folded into the
 * earlier ones' action. Its statements' key reads see its own writes.
 *
 * <p>A statement is all or nothing within the transaction: one that fails, or that would take the
 * transaction past DynamoDB's limits, leaves the transaction as it was before it.
 */
public final class Transaction {
  /** The actions, one per item, in the order their items were first written. Guarded by this. */
  private LinkedHashMap<ItemKey, PendingWrite> writes = new LinkedHashMap<>();
  /** The commit being tried, kept while the actions stay the same; empty before a commit. */
  private Optional<Attempt> attempt = Optional.empty();

  /**
   * A commit's request as it is sent again when no answer came: DynamoDB applies a token's request
   * once, and refuses the token with other parameters, so the time its expired items are judged at
   * stays too.
   */
  private record Attempt(String token, Instant now) {}

  /**
   * When an INSERT's taken key is found: at the statement in a JDBC transaction, unless the
   * connection defers it; at commit in a statement that is a transaction of its own, as that commit
   * follows at once.
   */
  private final KeyChecks keyChecks;
  /** Whether items whose time to live has passed are rows (expiredItems=show), or gone. */
  private final boolean showsExpiredItems;
  /**
   * Whether the transaction is one statement's, committed as it runs (idempotentWrites, an EXISTS
   * check): its failures speak of the statement, which the user sees, not of a transaction.
   */
  private final boolean oneStatement;

  private Transaction(KeyChecks keyChecks, boolean showsExpiredItems, boolean oneStatement) {
    this.keyChecks = keyChecks;
    this.showsExpiredItems = showsExpiredItems;
    this.oneStatement = oneStatement;
  }

  /**
   * A JDBC transaction: statements run in it until commit() or rollback().
   *
   * @param showsExpiredItems whether items whose time to live has passed are rows; else an item
   *     the commit expects to exist must not have expired, and one expected absent may have
   */
  public static Transaction ofConnection(KeyChecks keyChecks, boolean showsExpiredItems) {
    return new Transaction(keyChecks, showsExpiredItems, false);
  }

  /** One statement that is a transaction of its own, committed as soon as it has run. */
  public static Transaction ofOneStatement(boolean showsExpiredItems) {
    return new Transaction(KeyChecks.DEFERRED, showsExpiredItems, true);
  }

  /** Whether an INSERT reads its keys when it runs, so that a taken key fails the statement. */
  public boolean checksInsertedKeys() {
    return keyChecks == KeyChecks.IMMEDIATE;
  }

  /** What the transaction holds at one point, to go back to (a savepoint). */
  public static final class Mark {
    private final LinkedHashMap<ItemKey, PendingWrite> writes;

    private Mark(LinkedHashMap<ItemKey, PendingWrite> writes) {
      this.writes = writes;
    }
  }

  /**
   * Runs one statement within the transaction: its actions stay only if it succeeds and keeps the
   * transaction within DynamoDB's limits.
   *
   * @throws KeycondException 54000 when the transaction would have more than 100 actions or 4 MB
   */
  public <T> T statement(Supplier<T> run) {
    Mark before = mark();
    try {
      T done = run.get();
      checkLimits();
      return done;
    } catch (RuntimeException e) {
      rollbackTo(before);
      throw e;
    }
  }

  private synchronized void checkLimits() {
    checkActions(writes.size());
    long bytes = writes.values().stream().mapToLong(PendingWrite::bytes).sum();
    if (bytes > TransactWriteItems.MAX_BYTES) {
      throw new KeycondException(SqlState.TRANSACTION_LIMIT, "This statement would give the transaction " + bytes
          + " bytes of items, past DynamoDB's limit of 4 MB (" + TransactWriteItems.MAX_BYTES + " bytes) in one "
          + "TransactWriteItems; it was not applied, and the transaction keeps what it had. Commit and write the "
          + "rest in another transaction");
    }
  }

  private static void checkActions(int actions) {
    if (actions > TransactWriteItems.MAX_ACTIONS) {
      throw new KeycondException(SqlState.TRANSACTION_LIMIT, "This statement would give the transaction "
          + actions + " items to write, past DynamoDB's limit of " + TransactWriteItems.MAX_ACTIONS
          + " actions in one TransactWriteItems; it was not applied, and the transaction keeps what it had. Commit "
          + "and write the rest in another transaction");
    }
  }

  /**
   * The keys of {@code items} this transaction has written nothing to, each once, in the order
   * given: those whose existence only the server knows (for the others, what the transaction did
   * decides). Refuses first, before anything is read for them, a statement whose items would take
   * the transaction past 100 actions.
   *
   * @throws KeycondException 54000 when the transaction would have more than 100 actions
   */
  public synchronized List<ImmutableMap<String, AttributeValue>> unwritten(EntityTable table,
      List<Map<String, AttributeValue>> items) {
    Set<ItemKey> keys = new LinkedHashSet<>();
    items.forEach(item -> keys.add(key(table, item)));
    List<ImmutableMap<String, AttributeValue>> unwritten =
        keys.stream().filter(k -> !writes.containsKey(k)).map(ItemKey::key).toList();
    checkActions(writes.size() + unwritten.size());
    return unwritten;
  }

  /**
   * Keeps an INSERT's row: the key must be free, in the transaction and, at commit, on the server.
   *
   * @throws KeycondException 23505 when the transaction has already written an item with the key, or
   *     found by an EXISTS check that it exists
   */
  public synchronized long insert(EntityTable table, Map<String, AttributeValue> item, String describedKey) {
    ItemKey key = key(table, item);
    PendingWrite before = writes.get(key);
    boolean free = before == null || before.effect() instanceof Effect.Delete
        || before.effect() instanceof Effect.Check && before.expected().exists() == ItemExpectation.Existence.ABSENT;
    if (!free) {
      throw new KeycondException(SqlState.UNIQUE_VIOLATION, "Duplicate key: " + table.takenKey(describedKey) + ", "
          + (before.effect() instanceof Effect.Check ? "found by an EXISTS subquery" : "written")
          + " earlier in this transaction (INSERT never overwrites; use UPSERT INTO to replace the item, or UPDATE "
          + "to change it).");
    }
    return keep(table, key, describedKey, ItemExpectation.ABSENT, new Effect.Put(ImmutableMap.copyOf(item)));
  }

  /**
   * Keeps a write of one item, expecting of it what made the statement's count true.
   *
   * @param key the item's key attributes
   * @return 1, the row the write counts
   */
  public synchronized long write(EntityTable table, Map<String, AttributeValue> key, String describedKey,
      ItemExpectation expected, Effect effect) {
    return keep(table, key(table, key), describedKey, expected, effect);
  }

  /**
   * Keeps a statement's EXISTS (or NOT EXISTS) subquery on one item: at commit, the item must still
   * exist (or not), or the transaction is cancelled. It is sent as a ConditionCheck, or as the
   * condition of the transaction's own write of the item.
   *
   * @param key the item's key attributes
   */
  public synchronized void check(EntityTable table, Map<String, AttributeValue> key, String describedKey,
      boolean exists) {
    keep(table, key(table, key), describedKey, exists ? ItemExpectation.PRESENT : ItemExpectation.ABSENT,
        new Effect.Check());
  }

  private long keep(EntityTable table, ItemKey key, String describedKey, ItemExpectation expected, Effect effect) {
    PendingWrite before = writes.get(key);
    writes.put(key, before == null
        ? new PendingWrite(key, table.source().keys().hashAttribute(),
            Expiry.hiding(table, showsExpiredItems), describedKey, expected, effect)
        : before.then(expected, effect));
    attempt = Optional.empty();
    return 1;
  }

  /**
   * The item a GetItem finds as this transaction leaves it: the server's item (read by
   * {@code server}) with the transaction's writes applied.
   */
  public Optional<Map<String, AttributeValue>> getItem(GetItem get,
      Supplier<Optional<Map<String, AttributeValue>>> server) {
    Map<String, AttributeValue> key = RequestValue.bind(get.key());
    PendingWrite pending;
    synchronized (this) {
      pending = writes.get(new ItemKey(get.tableName(), ImmutableMap.copyOf(key)));
    }
    if (pending == null) {
      return server.get();
    }
    return pending.effect().applyTo(pending.effect().wholeItem() ? Optional.empty() : server.get(), key);
  }

  /**
   * The items a BatchGetItem finds as this transaction leaves them: the server's items (read by
   * {@code server}) with the transaction's writes applied, the items it deleted left out.
   */
  public List<Map<String, AttributeValue>> batchGetItem(BatchGetItem batch,
      Supplier<List<Map<String, AttributeValue>>> server) {
    List<Map<String, AttributeValue>> keys = batch.boundKeys();
    Map<Map<String, AttributeValue>, PendingWrite> pending = new HashMap<>();
    synchronized (this) {
      keys.forEach(key -> {
        PendingWrite write = writes.get(new ItemKey(batch.tableName(), ImmutableMap.copyOf(key)));
        if (write != null) {
          pending.put(key, write);
        }
      });
    }
    if (pending.isEmpty()) {
      return server.get();
    }
    Set<String> keyAttributes = keys.get(0).keySet();
    Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found = new HashMap<>();
    server.get().forEach(item -> found.put(keyOf(item, keyAttributes), item));
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (Map<String, AttributeValue> key : keys) {
      Optional<Map<String, AttributeValue>> item = Optional.ofNullable(found.get(key));
      PendingWrite write = pending.get(key);
      (write == null ? item : write.effect().applyTo(item, key)).ifPresent(items::add);
    }
    return items;
  }

  /**
   * The effects the transaction keeps for the items of one table, by each item's key attributes, in
   * the order the items were first written: what a Query or Scan of the table lays over the items
   * the server returns.
   */
  public synchronized Map<Map<String, AttributeValue>, Effect> effectsOn(String tableName) {
    Map<Map<String, AttributeValue>, Effect> effects = new LinkedHashMap<>();
    writes.forEach((key, write) -> {
      if (key.tableName().equals(tableName)) {
        effects.put(key.key(), write.effect());
      }
    });
    return effects;
  }

  private static Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item, Set<String> keyAttributes) {
    Map<String, AttributeValue> key = new HashMap<>();
    keyAttributes.forEach(a -> key.put(a, item.get(a)));
    return key;
  }

  private static ItemKey key(EntityTable table, Map<String, AttributeValue> item) {
    ImmutableMap.Builder<String, AttributeValue> key = ImmutableMap.builder();
    table.ownKeyAttributes().forEach(a -> key.put(a, item.get(a)));
    return new ItemKey(table.source().name(), key.build());
  }

  /** How many actions a commit would send now. */
  public synchronized int actions() {
    return writes.size();
  }

  /** The TransactWriteItems a commit sends now (EXPLAIN and tests read it); empty when there is nothing to write. */
  public synchronized Optional<TransactWriteItems> request() {
    if (writes.isEmpty()) {
      return Optional.empty();
    }
    if (attempt.isEmpty()) {
      attempt = Optional.of(new Attempt(UUID.randomUUID().toString(), Instant.now()));
    }
    Instant now = attempt.get().now();
    return Optional.of(new TransactWriteItems(writes.values().stream().map(w -> w.action(now))
        .collect(ImmutableList.toImmutableList()), attempt.get().token()));
  }

  /**
   * Sends the actions as one TransactWriteItems, or nothing when there are none. Once DynamoDB has
   * answered, the transaction is empty, whether it committed or was cancelled. When the call
   * failed without an answer (a timeout, the endpoint gone), the actions stay, with the same token:
   * a commit tried again within DynamoDB's ten minutes is applied once.
   *
   * @throws KeycondException 40001 when DynamoDB cancelled the transaction because an item was no
   *     longer as its statements found it; 23505 when an INSERT's key was taken meanwhile, or an
   *     UPSERT's or MERGE's by another table's item
   */
  public void commit(DynamoGateway gateway, StatementCall call) {
    Optional<TransactWriteItems> request = request();
    if (request.isEmpty()) {
      return;
    }
    List<PendingWrite> sent;
    synchronized (this) {
      sent = List.copyOf(writes.values());
    }
    TransactOutcome outcome;
    try {
      outcome = gateway.transactWriteItems(request.get(), call);
    } catch (KeycondException e) {
      if (DynamoErrors.refusedAsInvalid(e.getCause())) {
        // Sent again, the same actions would be refused again.
        discard();
        throw new KeycondException(e.state(), e.messageThen(oneStatement ? "Nothing of the statement was written."
            : "Nothing of the transaction was written, and it is over."), e);
      }
      if (!e.state().leavesOutcomeUnknown()) {
        throw e;
      }
      throw new KeycondException(e.state(), e.messageThen(oneStatement
          ? "Whether the statement was written is not known: its TransactWriteItems may have reached DynamoDB, and "
              + "no answer came back; read its rows by their keys to know."
          : "Whether the transaction was committed is not known: its TransactWriteItems may have reached DynamoDB, "
              + "and no answer came back. Its writes are kept: commit() again sends the same request with the same "
              + "ClientRequestToken, which DynamoDB applies at most once within ten minutes; rollback() drops them."),
          e);
    }
    discard();
    if (outcome instanceof TransactOutcome.Cancelled cancelled) {
      throw cancellation(sent, cancelled.reasons());
    }
  }

  /**
   * Why DynamoDB cancelled the transaction, naming the table and key of each action that failed:
   * an action refused for what it is (too large an item, throttling) is reported as that write
   * alone would be; a key taken is 23505; anything else is another writer's doing, 40001.
   */
  private KeycondException cancellation(List<PendingWrite> sent, List<TransactOutcome.Reason> reasons) {
    String subject = oneStatement ? "statement" : "transaction";
    String over = oneStatement ? "" : " The transaction is over.";
    List<String> failed = new ArrayList<>();
    Optional<SqlState> refused = Optional.empty();
    boolean duplicates = true;
    boolean ownership = false;
    for (int i = 0; i < sent.size() && i < reasons.size(); i++) {
      TransactOutcome.Reason reason = reasons.get(i);
      if (reason.failed()) {
        PendingWrite write = sent.get(i);
        failed.add("table '" + write.item().tableName() + "' key " + write.describedKey() + " (" + reason + ")");
        refused = refused.or(() -> DynamoErrors.cancellationState(reason.code(), reason.message()));
        ItemExpectation.Existence exists = write.expected().exists();
        ownership |= exists == ItemExpectation.Existence.ABSENT_OR_OWN;
        duplicates &= reason.code().equals("ConditionalCheckFailed")
            && (exists == ItemExpectation.Existence.ABSENT || exists == ItemExpectation.Existence.ABSENT_OR_OWN);
      }
    }
    if (refused.isPresent()) {
      String advice = DynamoErrors.advice(refused.get());
      return new KeycondException(refused.get(), "DynamoDB refused the " + subject + " and nothing was written: "
          + String.join("; ", failed) + "." + (advice.isEmpty() ? "" : " " + advice) + over);
    }
    if (duplicates && !failed.isEmpty()) {
      return new KeycondException(SqlState.UNIQUE_VIOLATION, "Duplicate key" + (oneStatement ? "" : " at commit")
          + ": an item has the key of a row this " + subject + " " + (ownership ? "inserts or upserts (for an UPSERT "
              + "or MERGE, an item of another table, which it may not replace)" : "inserts") + ": "
          + String.join("; ", failed) + ". Nothing was written" + (oneStatement ? "." : ", and the transaction is over."));
    }
    return new KeycondException(SqlState.SERIALIZATION_FAILURE, "DynamoDB cancelled the " + subject + " and nothing "
        + "was written: " + (failed.isEmpty() ? "it gave no reason" : String.join("; ", failed)) + ". Another writer "
        + "changed an item since this " + subject + " read it, or wrote it at the same time" + (oneStatement ? ". "
            : "; the transaction is over. ") + "Run it again.");
  }

  /** Drops every action (a rollback, or the end of a commit). */
  public synchronized void discard() {
    writes = new LinkedHashMap<>();
    attempt = Optional.empty();
  }

  /** What the transaction holds now, to go back to. */
  public synchronized Mark mark() {
    return new Mark(new LinkedHashMap<>(writes));
  }

  /** Goes back to what the transaction held at a mark: the actions kept since are dropped. */
  public synchronized void rollbackTo(Mark mark) {
    writes = new LinkedHashMap<>(mark.writes);
    attempt = Optional.empty();
  }
}
