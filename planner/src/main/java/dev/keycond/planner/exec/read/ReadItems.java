package dev.keycond.planner.exec.read;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The items of {@link ReadOperator#items}, pulled one at a time. */
public final class ReadItems implements AutoCloseable {
  private final Iterator<TableRows> streams;
  private final FanOut fanOut;
  private TableRows current;
  private Object[] row;

  ReadItems(List<TableRows> streams, FanOut fanOut) {
    this.streams = streams.iterator();
    this.fanOut = fanOut;
  }

  /** Moves to the next item that is a row; false at the end. */
  public boolean next() {
    while (current == null || !current.hasNext()) {
      if (!streams.hasNext()) {
        row = null;
        return false;
      }
      current = streams.next();
    }
    row = current.next();
    return true;
  }

  /** The current item, as DynamoDB returned it. */
  public Map<String, AttributeValue> item() {
    return current.lastItem();
  }

  /** The current item's row, of the table's full width. */
  public Object[] row() {
    return row;
  }

  @Override
  public void close() {
    fanOut.close();
  }
}
