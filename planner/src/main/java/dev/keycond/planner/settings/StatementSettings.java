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
 */
public record StatementSettings(boolean consistentRead, ScanPolicy scanPolicy, int maxFanOut,
    ExplainForm explainForm, AwsCliTarget cliTarget) {
  public static final int DEFAULT_MAX_FAN_OUT = 100;

  public static StatementSettings defaults() {
    return new StatementSettings(false, ScanPolicy.REJECT, DEFAULT_MAX_FAN_OUT, ExplainForm.TEXT,
        AwsCliTarget.CLI_DEFAULTS);
  }

  /**
   * These settings with strongly consistent reads: a write that reads a row and then writes it
   * only if unchanged must read what the write will be checked against.
   */
  public StatementSettings withConsistentRead() {
    return new StatementSettings(true, scanPolicy, maxFanOut, explainForm, cliTarget);
  }

  public StatementSettings withScanPolicy(ScanPolicy policy) {
    return new StatementSettings(consistentRead, policy, maxFanOut, explainForm, cliTarget);
  }
}
