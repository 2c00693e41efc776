package dev.keycond.planner.exec.write;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.gateway.RequestThreads;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Sends a write statement's requests concurrently, at most {@link #IN_FLIGHT} at a time, as many
 * as there are request threads. Once a row has failed, or the statement is stopped, no more are
 * sent, and the ones in flight are waited for, so that the counts reported are what DynamoDB did.
 * The request last submitted waits until another follows it, which sends it on a request thread,
 * or until the statement waits for its writes, which sends it on the statement's own thread: a
 * statement that writes one row (a keyed UPDATE, DELETE or INSERT) hands nothing to another thread.
 * Requests in flight together may be applied in any order, so a row whose item a request not yet
 * answered writes waits for it: of two rows with one key (an {@code executeBatch} that updates one
 * row twice), the later one is written last, as the statement orders them. Called from the
 * statement's thread only.
 */
final class ConcurrentWrites {
  static final int IN_FLIGHT = RequestThreads.THREADS;

  private final ExecutionContext context;
  private final WriteProgress progress;
  private final Semaphore slots = new Semaphore(IN_FLIGHT);
  /** The request last submitted, its slot taken, not yet sent. */
  private Optional<Runnable> deferred = Optional.empty();
  /**
   * The keys of the rows of the requests submitted and not yet answered, as the rows name them: two
   * rows of one item always name it alike (two of different items alike at worst wait for nothing).
   */
  private final Set<String> unanswered = ConcurrentHashMap.newKeySet();

  ConcurrentWrites(ExecutionContext context, WriteProgress progress) {
    this.context = context;
    this.progress = progress;
  }

  /** Sends a request that writes one row; {@code write} returns how many rows it wrote (0 when none matched). */
  void submit(RowRef row, Supplier<Long> write) {
    submit(List.of(row), () -> new long[] {write.get()});
  }

  /**
   * Sends a request that writes {@code rows}, unless the statement has failed or stopped.
   *
   * @param write sends the request and returns, per row, how many rows it wrote; a row DynamoDB left
   *     unwritten it reports to the progress itself, and a KeycondException fails every row
   */
  void submit(List<RowRef> rows, Supplier<long[]> write) {
    // Sent before this one waits for a slot, which the one deferred holds.
    deferred.ifPresent(previous -> CompletableFuture.runAsync(previous, RequestThreads.SENT_AHEAD));
    deferred = Optional.empty();
    if (rows.stream().anyMatch(r -> unanswered.contains(r.key()))) {
      awaitAnswers();
    }
    if (progress.hasFailed()) {
      rows.forEach(r -> progress.skipped(r.execution(), r.ordinal(), r.key()));
      return;
    }
    KeycondException stopped = acquire();
    if (stopped != null) {
      rows.forEach(r -> progress.failed(r.execution(), r.ordinal(), r.key(), stopped));
      return;
    }
    progress.sending();
    rows.forEach(r -> unanswered.add(r.key()));
    Runnable send = () -> {
      try {
        long[] written = write.get();
        for (int i = 0; i < rows.size(); i++) {
          progress.written(rows.get(i).execution(), written[i]);
        }
      } catch (KeycondException e) {
        rows.forEach(r -> progress.failed(r.execution(), r.ordinal(), r.key(), e));
      } catch (RuntimeException e) {
        KeycondException bug = new KeycondException(SqlState.INTERNAL_ERROR, "keycond failed to write: " + e, e);
        rows.forEach(r -> progress.failed(r.execution(), r.ordinal(), r.key(), bug));
      } finally {
        rows.forEach(r -> unanswered.remove(r.key()));
        slots.release();
      }
    };
    deferred = Optional.of(send);
  }

  /**
   * Waits for a free slot, taking it; the statement's stop instead when it is cancelled or runs
   * past its timeout meanwhile (no slot is taken then).
   */
  private KeycondException acquire() {
    try {
      while (!slots.tryAcquire(50, TimeUnit.MILLISECONDS)) {
        context.call().checkRunning();
      }
    } catch (KeycondException stopped) {
      return stopped;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new KeycondException(SqlState.QUERY_CANCELED, "The statement's thread was interrupted", e);
    }
    try {
      context.call().checkRunning();
      return null;
    } catch (KeycondException stopped) {
      slots.release();
      return stopped;
    }
  }

  /**
   * Sends the request last submitted, on this thread, then waits until every request sent has
   * answered. This wait is not cut short by a cancel: the requests in flight are bounded by the
   * statement's timeout, and the counts reported must include what they did.
   */
  void awaitAll() {
    Optional<Runnable> last = deferred;
    deferred = Optional.empty();
    last.ifPresent(Runnable::run);
    awaitAnswers();
  }

  /** Waits until every request sent has answered. */
  private void awaitAnswers() {
    slots.acquireUninterruptibly(IN_FLIGHT);
    slots.release(IN_FLIGHT);
  }
}
