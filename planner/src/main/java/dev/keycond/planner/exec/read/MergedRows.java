package dev.keycond.planner.exec.read;

import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The requests' rows merged in key order; each request's rows are already in that order. A
 * stream is asked for its next row only when the row taken from it has been used, so no page is
 * read before a row of it can be the next one returned.
 */
final class MergedRows implements Iterator<Object[]> {
  private record Head(Object[] row, Iterator<Object[]> stream) {}

  private final PriorityQueue<Head> heads;
  private Iterator<Object[]> taken;

  MergedRows(List<Iterator<Object[]>> streams, Comparator<Object[]> order) {
    heads = new PriorityQueue<>(Comparator.comparing(Head::row, order));
    for (Iterator<Object[]> stream : streams) {
      if (stream.hasNext()) {
        heads.add(new Head(stream.next(), stream));
      }
    }
  }

  @Override
  public boolean hasNext() {
    if (taken != null) {
      if (taken.hasNext()) {
        heads.add(new Head(taken.next(), taken));
      }
      taken = null;
    }
    return !heads.isEmpty();
  }

  @Override
  public Object[] next() {
    hasNext();
    Head head = heads.poll();
    taken = head.stream();
    return head.row();
  }
}
