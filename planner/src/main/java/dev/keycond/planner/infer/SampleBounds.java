package dev.keycond.planner.infer;

/**
 * How much of a table an inference reads: Scan pages of at most {@code pageLimit} items, at most
 * {@code maxPages} of them, unless {@code wholeTable} is asked for explicitly. keycond never scans
 * a whole table silently, and this is no exception.
 */
public record SampleBounds(int pageLimit, int maxPages, boolean wholeTable) {
  public static final SampleBounds DEFAULT = new SampleBounds(100, 3, false);

  public SampleBounds {
    if (pageLimit < 1 || pageLimit > 10_000) {
      throw new IllegalArgumentException("a sample page holds 1 to 10000 items, not " + pageLimit);
    }
    if (maxPages < 1) {
      throw new IllegalArgumentException("a sample reads 1 page or more, not " + maxPages);
    }
  }

  /** Whether a sample that has read {@code pages} pages may read another. */
  boolean allowsAnotherPage(int pages) {
    return wholeTable || pages < maxPages;
  }

  /** What a sample of these bounds reads, for the report. */
  String describe() {
    return wholeTable ? "every page (--all), " + pageLimit + " items a page"
        : "at most " + maxPages + " Scan page" + (maxPages == 1 ? "" : "s") + " of " + pageLimit + " items";
  }
}
