package dev.keycond.planner.settings;

/**
 * The connection-level settings every statement is planned and run with. Planning, request
 * building, EXPLAIN and execution all read them, so they belong to none of those layers.
 *
 * @param consistentRead ask for strongly consistent reads on the table and local indexes
 * @param scanPolicy whether a plan may Scan
 * @param maxFanOut the most key reads one statement may issue for IN lists or per-key joins
 * @param explainForm what the text EXPLAIN shows under each request
 * @param cliTarget where the AWS CLI commands that EXPLAIN shows send their requests
 * @param serverFilters send the conditions DynamoDB checks exactly as a FilterExpression, rather
 *     than checking every condition the key cannot express in the driver
 * @param scanSegments how many segments a whole-table Scan is split into under {@code scan=allow},
 *     each read concurrently; 1 for one sequential Scan
 * @param showExpiredItems return items whose time to live has passed but that DynamoDB has not
 *     deleted yet, which are left out by default
 * @param capacityReport what each request asks DynamoDB to report of the capacity it consumed
 */
public record StatementSettings(boolean consistentRead, ScanPolicy scanPolicy, int maxFanOut,
    ExplainForm explainForm, AwsCliTarget cliTarget, boolean serverFilters, int scanSegments,
    boolean showExpiredItems, CapacityReport capacityReport) {
  public static final int DEFAULT_MAX_FAN_OUT = 100;
  /**
   * The most segments a parallel Scan is read in: each keeps a request in flight on a thread of its
   * own, and a page waiting (DynamoDB itself allows up to 1,000,000).
   */
  public static final int MAX_SCAN_SEGMENTS = 64;

  public StatementSettings {
    if (maxFanOut < 1) {
      throw new IllegalArgumentException("maxFanOut must be at least 1: " + maxFanOut);
    }
    if (scanSegments < 1 || scanSegments > MAX_SCAN_SEGMENTS) {
      throw new IllegalArgumentException("scanSegments must be from 1 to " + MAX_SCAN_SEGMENTS + ": " + scanSegments);
    }
  }

  /** The settings of the first five properties, with the defaults of the others. */
  public StatementSettings(boolean consistentRead, ScanPolicy scanPolicy, int maxFanOut, ExplainForm explainForm,
      AwsCliTarget cliTarget) {
    this(consistentRead, scanPolicy, maxFanOut, explainForm, cliTarget, true, 1, false, CapacityReport.INDEXES);
  }

  public static StatementSettings defaults() {
    return new StatementSettings(false, ScanPolicy.REJECT, DEFAULT_MAX_FAN_OUT, ExplainForm.TEXT,
        AwsCliTarget.CLI_DEFAULTS);
  }

  /**
   * These settings with strongly consistent reads: a write that reads a row and then writes it
   * only if unchanged must read what the write will be checked against.
   */
  public StatementSettings withConsistentRead() {
    return new StatementSettings(true, scanPolicy, maxFanOut, explainForm, cliTarget, serverFilters, scanSegments,
        showExpiredItems, capacityReport);
  }

  public StatementSettings withScanPolicy(ScanPolicy policy) {
    return new StatementSettings(consistentRead, policy, maxFanOut, explainForm, cliTarget, serverFilters,
        scanSegments, showExpiredItems, capacityReport);
  }

  /**
   * The segments a whole-table Scan is read in: parallel Scans run only where Scans are allowed
   * without an item bound, since {@code scan=limit:N} counts the items of one Scan in key order.
   */
  public int segmentsOfScan() {
    return scanPolicy.allowed() && !scanPolicy.isLimited() ? scanSegments : 1;
  }
}
