package dev.keycond.planner.exec.read;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/**
 * The rows of a parallel Scan's segments, a page of one segment after a page of the next: each
 * segment's next page is in flight while the others' pages are read, and none waits for a
 * segment that is read to its end first.
 */
final class InterleavedRows implements Iterator<Object[]> {
  private final ArrayDeque<TableRows> segments;

  InterleavedRows(List<TableRows> segments) {
    this.segments = new ArrayDeque<>(segments);
  }

  @Override
  public boolean hasNext() {
    while (!segments.isEmpty()) {
      TableRows head = segments.peekFirst();
      if (head.hasNextInPage()) {
        return true;
      }
      segments.pollFirst();
      if (head.takePage()) {
        segments.addLast(head);
      }
    }
    return false;
  }

  @Override
  public Object[] next() {
    return segments.peekFirst().next();
  }
}
