package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Paging;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.gateway.RequestThreads;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.settings.ScanPolicy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Reads one request's results a page at a time. Reading {@link Paging#ONE_AHEAD}, the next page of
 * a Query or Scan that sends no Limit is already being read while the caller consumes the current
 * one: one page ahead, never more, so a long read holds at most two pages. Otherwise the next
 * request is sent only when the caller asks for the next page. A Scan under {@code scan=limit:N}
 * reads at most N items and one more: its page size is capped by what is left, and asking for more
 * rows once the allowance is used up with more table left is an error, not a silently short answer.
 */
final class PageReader {
  private final ExecutionContext context;
  private final ReadRequest request;
  /** Whether the rows read are the statement's rows, so that a LIMIT would end the read. */
  private final boolean limitEndsRead;
  private final Paging paging;
  private Map<String, AttributeValue> startKey;
  private boolean done;
  /** The items a Scan has read so far, counted against the allowance of scan=limit:N. */
  private long scanned;
  private boolean started;
  private CompletableFuture<Optional<Page>> prefetched;
  /** Set when the result is closed, so that a next page not yet sent is never sent. */
  private volatile boolean closed;
  private PageReader successor;

  /** The items of one response; {@code count} is DynamoDB's count for Select=COUNT. */
  record Page(List<Map<String, AttributeValue>> items, Optional<Long> count) {}

  /**
   * @param limitEndsRead whether the rows read are the statement's rows, so that a LIMIT would end the read
   * @param paging when the next page is sent for
   */
  PageReader(ExecutionContext context, ReadRequest request, boolean limitEndsRead, Paging paging) {
    this.context = context;
    this.request = request;
    this.limitEndsRead = limitEndsRead;
    this.paging = paging;
  }

  /** Starts fetching the first page on the read threads, unless it has been started or read already. */
  void start() {
    if (!started) {
      started = true;
      prefetched = CompletableFuture.supplyAsync(this::fetch, RequestThreads.SENT_AHEAD);
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
    closed = true;
    CompletableFuture<Optional<Page>> pending = prefetched;
    if (pending != null) {
      try {
        context.call().await(pending, action());
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
   * The next page, or empty when the request is finished: the page read ahead, waited for here so
   * that a cancel from any thread ends the wait at once; else sent on this thread, where a cancel
   * aborts it.
   */
  Optional<Page> next() {
    started = true;
    CompletableFuture<Optional<Page>> pending = prefetched;
    prefetched = null;
    Optional<Page> page = pending != null ? context.call().await(pending, action()) : fetch();
    if (page.isPresent() && !done && readsAhead()) {
      prefetched = CompletableFuture.supplyAsync(this::fetchAhead, RequestThreads.WAITED);
    }
    if (page.isEmpty() && successor != null) {
      successor.start();
      successor = null;
    }
    return page;
  }

  /**
   * Whether the page after the one just taken is read while the caller consumes this one: reading
   * one page ahead, for a Query or Scan without a Limit. A Scan under {@code scan=limit:N} reads no
   * further than asked, since one page more could be the one past its allowance.
   */
  private boolean readsAhead() {
    if (paging != Paging.ONE_AHEAD) {
      return false;
    }
    return request.accept(new ReadRequest.Visitor<Boolean>() {
      @Override
      public Boolean getItem(GetItem get) {
        return false;
      }

      @Override
      public Boolean batchGetItem(BatchGetItem batch) {
        return false;
      }

      @Override
      public Boolean query(Query query) {
        return query.limit().isEmpty();
      }

      @Override
      public Boolean scan(Scan scan) {
        return scan.limit().isEmpty() && !context.settings().scanPolicy().isLimited();
      }
    });
  }

  /** The next page read ahead; nothing is sent once the result is closed. */
  private Optional<Page> fetchAhead() {
    return closed ? Optional.empty() : fetch();
  }

  /** Reads the next page; empty when the request is finished. */
  private Optional<Page> fetch() {
    if (done) {
      return Optional.empty();
    }
    return request.accept(new ReadRequest.Visitor<>() {
      @Override
      public Optional<Page> getItem(GetItem get) {
        Optional<Map<String, AttributeValue>> item = context.getItem(get);
        done = true;
        return Optional.of(new Page(item.map(List::of).orElse(List.of()), Optional.empty()));
      }

      @Override
      public Optional<Page> batchGetItem(BatchGetItem batch) {
        List<Map<String, AttributeValue>> items = context.batchGetItem(batch);
        done = true;
        return Optional.of(new Page(inKeyOrder(batch, items), Optional.empty()));
      }

      @Override
      public Optional<Page> query(Query query) {
        return Optional.of(PageReader.this.query(query));
      }

      @Override
      public Optional<Page> scan(Scan scan) {
        return PageReader.this.scan(scan);
      }
    });
  }

  /**
   * The items of a BatchGetItem in the order of the keys asked for, since DynamoDB returns them in
   * any order, and a result should not change from run to run.
   */
  private static List<Map<String, AttributeValue>> inKeyOrder(BatchGetItem batch,
      List<Map<String, AttributeValue>> items) {
    List<Map<String, AttributeValue>> keys = batch.boundKeys();
    Map<Map<String, AttributeValue>, Integer> position = new HashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      position.put(keys.get(i), i);
    }
    List<Map<String, AttributeValue>> ordered = new ArrayList<>(items);
    ordered.sort(Comparator.comparingInt(item -> {
      Map<String, AttributeValue> key = new HashMap<>();
      keys.get(0).keySet().forEach(attribute -> key.put(attribute, item.get(attribute)));
      return position.getOrDefault(key, keys.size());
    }));
    return ordered;
  }

  /** What this reader's requests do, as messages name it. */
  private String action() {
    return DynamoGateway.describe(request);
  }

  private Page query(Query query) {
    QueryResponse response = context.gateway().query(query.forPage(startKey == null), startKey, context.call());
    int read = response.scannedCount() == null ? response.count() : response.scannedCount();
    context.statistics().addFilteredByDynamo(read - response.count());
    advance(response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : null);
    return new Page(response.items(), query.count() ? Optional.of((long) response.count()) : Optional.empty());
  }

  /**
   * The next page of a Scan, within the allowance of {@code scan=limit:N}. The items of a page read
   * within the allowance are returned; only asking for more once the allowance is used up fails,
   * and only when the table has more. DynamoDB also answers a page whose Limit ends exactly at the
   * end of the table with a LastEvaluatedKey, so one more request of Limit 1 tells whether more
   * items follow: a Scan reads at most one item beyond its allowance.
   */
  private Optional<Page> scan(Scan scan) {
    ScanPolicy policy = context.settings().scanPolicy();
    boolean probe = policy.isUsedUpBy(scanned);
    Scan page = scan.withLimit(probe ? Optional.of(1) : policy.pageLimit(scan.pageLimit(startKey == null), scanned));
    ScanResponse response = context.gateway().scan(page, startKey, context.call());
    int read = response.scannedCount() == null ? response.count() : response.scannedCount();
    context.statistics().addFilteredByDynamo(read - response.count());
    scanned += read;
    advance(response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : null);
    if (probe) {
      if (read > 0 || !done) {
        throw new KeycondException(SqlState.SCAN_REFUSED, "The Scan of DynamoDB table '" + scan.tableName()
            + "' read its allowance of " + policy.maxItems() + " items (scan=" + policy
            + ") before reaching the end of the table. " + advice());
      }
      return Optional.empty();
    }
    Optional<Long> count = scan.count() ? Optional.of((long) response.count()) : Optional.empty();
    return Optional.of(new Page(response.items(), count));
  }

  /** What ends a Scan sooner: a LIMIT, unless the statement has one, or its rows are not the Scan's own. */
  private String advice() {
    if (!limitEndsRead) {
      return "Bind the partition key, or raise the limit: the statement counts, groups, sorts or joins "
          + "the rows of the whole Scan, which a LIMIT does not shorten.";
    }
    // A read paged on demand under rows that go straight out has a LIMIT above it.
    return paging == Paging.ON_DEMAND
        ? "Bind the partition key, or raise the limit: the items read so far held fewer rows than the "
            + "statement's LIMIT asks for (items its conditions reject count against the allowance too)."
        : "Add a LIMIT, bind the partition key, or raise the limit.";
  }

  private void advance(Map<String, AttributeValue> lastEvaluatedKey) {
    startKey = lastEvaluatedKey;
    done = lastEvaluatedKey == null || lastEvaluatedKey.isEmpty();
  }
}
