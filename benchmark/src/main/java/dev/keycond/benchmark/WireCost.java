package dev.keycond.benchmark;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What one statement or one raw read sent, as {@link RequestCounter} counted it: the requests by
 * operation, the items DynamoDB read for them, the read capacity they consumed, and the rows the
 * caller got.
 */
record WireCost(Map<String, Long> requests, long itemsRead, double capacityUnits, long rows) {
  /** Something that reads rows and returns how many it read. */
  interface Read {
    long rows() throws Exception;
  }

  /** Runs {@code read} once with the counter reset and capacity counting on. */
  static WireCost of(Read read) throws Exception {
    RequestCounter.reset(true);
    try {
      long rows = read.rows();
      return new WireCost(RequestCounter.sent(), RequestCounter.itemsRead(), RequestCounter.capacityUnits(), rows);
    } finally {
      RequestCounter.reset(false);
    }
  }

  long requestCount() {
    return requests.values().stream().mapToLong(Long::longValue).sum();
  }

  /** {@code 1 DescribeTable + 1 DescribeTimeToLive + 1 Query}. */
  String requestText() {
    return requests.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(" + "));
  }

  String capacityText() {
    return String.format(Locale.ROOT, "%.1f", capacityUnits);
  }

  /** Throws unless both read the same rows: a comparison of different work would mean nothing. */
  static void checkSameRows(String what, WireCost keycond, WireCost raw) {
    if (keycond.rows() != raw.rows()) {
      throw new IllegalStateException(what + ": keycond read " + keycond.rows() + " rows, the raw SDK " + raw.rows());
    }
  }
}
