package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Paging;
import dev.keycond.planner.gateway.RequestThreads;
import dev.keycond.planner.request.ReadRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * The readers of a read's requests, started on the read threads so that their requests overlap.
 *
 * <p>Readers consumed one after another keep at most {@link #AHEAD} requests sent ahead of the
 * consumer: a LIMIT met in the first partition of an IN list of a hundred does not pay for the
 * other ninety-nine, and unread first pages (up to 1 MB each) do not pile up in memory. Readers
 * merged in key order all start at once, because the first row needs every first page.
 */
public final class FanOut implements AutoCloseable {
  /** As many requests ahead as there are read threads to send them. */
  public static final int AHEAD = RequestThreads.THREADS;

  private final List<PageReader> readers;

  private FanOut(List<PageReader> readers) {
    this.readers = readers;
  }

  /**
   * Readers that are read one after another; each one used up starts the one {@link #AHEAD} places after it.
   *
   * @param limitEndsRead whether the rows read are the statement's rows, so that a LIMIT ends the read
   * @param paging when each request sends for its next page
   */
  static FanOut inOrder(ExecutionContext context, List<ReadRequest> requests, boolean limitEndsRead,
      Paging paging) {
    List<PageReader> readers = readers(context, requests, limitEndsRead, paging);
    if (readers.size() > 1) {
      for (int i = 0; i < readers.size(); i++) {
        if (i < AHEAD) {
          readers.get(i).start();
        } else {
          readers.get(i - AHEAD).startWhenUsedUp(readers.get(i));
        }
      }
    }
    return new FanOut(readers);
  }

  /** Readers whose rows are merged, all started at once. */
  static FanOut merged(ExecutionContext context, List<ReadRequest> requests, boolean limitEndsRead,
      Paging paging) {
    List<PageReader> readers = readers(context, requests, limitEndsRead, paging);
    if (readers.size() > 1) {
      readers.forEach(PageReader::start);
    }
    return new FanOut(readers);
  }

  /**
   * The segments of a parallel Scan, all started at once, each reading one page ahead: every
   * segment has a request in flight and at most one page waiting.
   */
  static FanOut parallel(ExecutionContext context, List<ReadRequest> segments, boolean limitEndsRead) {
    List<PageReader> readers = new ArrayList<>();
    for (ReadRequest segment : segments) {
      readers.add(new PageReader(context, segment, limitEndsRead, Paging.ONE_AHEAD));
    }
    readers.forEach(PageReader::start);
    return new FanOut(readers);
  }

  private static List<PageReader> readers(ExecutionContext context, List<ReadRequest> requests,
      boolean limitEndsRead, Paging paging) {
    List<PageReader> readers = new ArrayList<>();
    for (ReadRequest request : requests) {
      readers.add(new PageReader(context, request, limitEndsRead, paging));
    }
    return readers;
  }

  List<PageReader> readers() {
    return readers;
  }

  /**
   * Waits for the requests already sent, so that none is still running, or still counted, after
   * the result is closed.
   */
  @Override
  public void close() {
    readers.forEach(PageReader::awaitStarted);
  }
}
