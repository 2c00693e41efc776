package dev.keycond.sqltests.harness;

/**
 * Which requests an armed {@link Fault} applies to. A request is an HTTP attempt, so each retry
 * the SDK makes is a request of its own: {@code Trigger.on("Query")} fails every attempt of every
 * Query (the SDK's retries are spent), {@code Trigger.on("Query").first(1)} only the first attempt
 * (the SDK's retry succeeds).
 *
 * <p>Requests are counted per armed fault, from when it was armed: the n-th request is the n-th
 * that matches the operation and, with {@link #laterPages()}, carries an ExclusiveStartKey.
 *
 * @param operation the DynamoDB operation: the X-Amz-Target after {@code DynamoDB_20120810.}
 * @param laterPagesOnly only Queries and Scans that carry an ExclusiveStartKey: page 2 or later
 * @param from the first matching request that fails, counted from 1
 * @param to the last matching request that fails; {@link Integer#MAX_VALUE} for every one from
 *     {@code from} on
 */
public record Trigger(String operation, boolean laterPagesOnly, int from, int to) {
  public Trigger {
    if (from < 1 || to < from) {
      throw new IllegalArgumentException("requests are counted from 1: from " + from + " to " + to);
    }
    if (operation.isBlank() || operation.contains(".")) {
      throw new IllegalArgumentException("name an operation as DynamoDB does (Query, BatchGetItem), not '"
          + operation + "'");
    }
  }

  /** Every request of this operation, every attempt. */
  public static Trigger on(String operation) {
    return new Trigger(operation, false, 1, Integer.MAX_VALUE);
  }

  /** Only requests that carry an ExclusiveStartKey: a Query's or Scan's second page or a later one. */
  public Trigger laterPages() {
    return new Trigger(operation, true, from, to);
  }

  /** Only the {@code ordinal}-th matching request, counted from 1. */
  public Trigger nth(int ordinal) {
    return new Trigger(operation, laterPagesOnly, ordinal, ordinal);
  }

  /** Only the first {@code count} matching requests; the ones after pass. */
  public Trigger first(int count) {
    return new Trigger(operation, laterPagesOnly, 1, count);
  }

  /** Whether a request of this operation, carrying an ExclusiveStartKey or not, is one this trigger counts. */
  boolean matches(String requestOperation, boolean laterPage) {
    return operation.equals(requestOperation) && (laterPage || !laterPagesOnly);
  }

  /** Whether the {@code ordinal}-th matching request fails. */
  boolean fires(int ordinal) {
    return ordinal >= from && ordinal <= to;
  }

  @Override
  public String toString() {
    String requests = operation + (laterPagesOnly ? " (later pages)" : "");
    String which = to == Integer.MAX_VALUE ? (from == 1 ? "every request" : "requests " + from + " on")
        : from == to ? "request " + from + " only" : "requests " + from + " to " + to;
    return requests + ": " + which;
  }
}
