package dev.keycond.planner.plan;

import dev.keycond.planner.settings.ScanPolicy;

/**
 * What a Scan would be for: a read may Scan under {@code scan=allow} and {@code scan=limit:N}; a
 * write only under {@code scan=allow}, since under {@code limit:N} it would change the rows of the
 * part of the table where the Scan happened to stop.
 */
public enum ScanUse {
  READ,
  WRITE;

  /** Whether the policy lets a Scan of this use run. */
  public boolean permittedBy(ScanPolicy policy) {
    return this == READ ? policy.allowed() : policy.allowed() && !policy.isLimited();
  }
}
