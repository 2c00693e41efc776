package dev.keycond.planner.exec;

/**
 * Connection-level settings that shape DynamoDB reads.
 *
 * @param consistentRead ask for strongly consistent reads on the table and local indexes
 * @param scanPolicy whether a plan may Scan
 * @param maxFanOut the most key reads one statement may issue for IN lists or per-key joins
 */
public record ReadSettings(boolean consistentRead, ScanPolicy scanPolicy, int maxFanOut) {
  public static final int DEFAULT_MAX_FAN_OUT = 100;

  public static ReadSettings defaults() {
    return new ReadSettings(false, ScanPolicy.REJECT, DEFAULT_MAX_FAN_OUT);
  }

  public ReadSettings withScanPolicy(ScanPolicy policy) {
    return new ReadSettings(consistentRead, policy, maxFanOut);
  }
}
