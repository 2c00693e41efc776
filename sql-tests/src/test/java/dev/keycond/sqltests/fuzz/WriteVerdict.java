package dev.keycond.sqltests.fuzz;

/** What one write came to, compared with the reference. */
enum WriteVerdict {
  /** The counts equal the reference's and the server holds the items the reference's rows say. */
  EQUAL(false),
  /** Refused as it must be (a value no item can hold, a key change, a parent not the path's), nothing written. */
  REFUSED(false),
  /** Refused for a value that no item can hold although no row matched, nothing written. */
  REFUSED_VALUE(false),
  /** A duplicate key, class 23 as in the reference, and every item either as before or as written. */
  DUPLICATE_KEY(false),
  WRONG_COUNT(true),
  /** The server holds other items than the reference's rows say (or, after a refusal, than before). */
  WRONG_STATE(true),
  /** Failed with another SQLState (class) than the reference's, or refused a write the reference took. */
  WRONG_ERROR(true),
  /** Not refused, though it must be. */
  NOT_REFUSED(true),
  /** A write request was sent before the refusal. */
  REQUEST_BEFORE_REFUSAL(true),
  /** executeBatch failed without a BatchUpdateException with each entry's real count. */
  NOT_A_BATCH_UPDATE_EXCEPTION(true),
  /** An item on the server breaks a rule of DynamoDB's that dynalite let through. */
  DYNAMODB_RULE_BROKEN(true),
  SCAN_UNDER_REJECT(true),
  /** An exception that is no SQLException. */
  UNEXPECTED_ERROR(true),
  /** The reference could not run the statement: a fuzzer bug. */
  REFERENCE_FAILED(true);

  private final boolean failure;

  WriteVerdict(boolean failure) {
    this.failure = failure;
  }

  boolean failure() {
    return failure;
  }
}
