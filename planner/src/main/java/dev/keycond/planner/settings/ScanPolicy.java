package dev.keycond.planner.settings;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code scan} connection property: whether a statement that can only be answered by reading
 * the whole table may run.
 *
 * @param allowed true for {@code allow} and {@code limit:N}
 * @param maxItems for {@code limit:N}, the most items a Scan may read; 0 when unbounded
 */
public record ScanPolicy(boolean allowed, long maxItems) {
  public static final ScanPolicy REJECT = new ScanPolicy(false, 0);
  public static final ScanPolicy ALLOW = new ScanPolicy(true, 0);

  public static ScanPolicy parse(String text) {
    String value = text.trim().toLowerCase(Locale.ROOT);
    if (value.equals("reject")) {
      return REJECT;
    }
    if (value.equals("allow")) {
      return ALLOW;
    }
    if (value.startsWith("limit:")) {
      try {
        long n = Long.parseLong(value.substring("limit:".length()).trim());
        if (n > 0) {
          return new ScanPolicy(true, n);
        }
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE,
        "Invalid value '" + text + "' for property scan: use reject, allow, or limit:N with N > 0");
  }

  public boolean isLimited() {
    return allowed && maxItems > 0;
  }

  /**
   * The Limit of a Scan page once the Scan has read {@code itemsRead} items: the read's own Limit,
   * capped under {@code limit:N} by what is left of the N. The request builder (for EXPLAIN and the
   * first page) and the page reader (for later pages) both take it from here, so EXPLAIN shows
   * what is sent.
   */
  public Optional<Integer> pageLimit(Optional<Integer> limit, long itemsRead) {
    if (!isLimited()) {
      return limit;
    }
    long left = Math.max(maxItems - itemsRead, 0);
    return Optional.of((int) Math.min(left, limit.orElse(Integer.MAX_VALUE)));
  }

  /** Whether a Scan that has read {@code itemsRead} items may read no more under {@code limit:N}. */
  public boolean isUsedUpBy(long itemsRead) {
    return isLimited() && itemsRead >= maxItems;
  }

  @Override
  public String toString() {
    return !allowed ? "reject" : maxItems > 0 ? "limit:" + maxItems : "allow";
  }
}
