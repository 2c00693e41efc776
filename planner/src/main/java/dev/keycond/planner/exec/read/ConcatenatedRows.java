package dev.keycond.planner.exec.read;

import java.util.Iterator;
import java.util.List;

/** The requests' rows one request after another. */
final class ConcatenatedRows implements Iterator<Object[]> {
  private final Iterator<Iterator<Object[]>> streams;
  private Iterator<Object[]> current;

  ConcatenatedRows(List<Iterator<Object[]>> streams) {
    this.streams = streams.iterator();
  }

  @Override
  public boolean hasNext() {
    while ((current == null || !current.hasNext()) && streams.hasNext()) {
      current = streams.next();
    }
    return current != null && current.hasNext();
  }

  @Override
  public Object[] next() {
    return current.next();
  }
}
