package dev.keycond.sqltests.fuzz;

/** What one run of a statement under one {@code scan} setting came to. */
enum Verdict {
  /** The rows equal the reference's. */
  EQUAL(false),
  /** Refused before any request with class 42 or 0A000. */
  REFUSED(false),
  /**
   * Refused before any request with a documented data exception: a key value that the key cannot
   * hold (22003 past a zero-padded slot or DynamoDB's number range, 22Z01 a template literal, 22001
   * too long, 22021 not Unicode).
   */
  REFUSED_VALUE(false),
  WRONG_ANSWER(true),
  /**
   * Wrong rows only because dynalite compares strings above U+FFFF in UTF-16 order, where DynamoDB
   * (and keycond) compare UTF-8 bytes: a FilterExpression compared a value holding such a
   * character, and the same statement with serverFilters=false, compared in the driver, equals the
   * reference.
   */
  DYNALITE_STRING_ORDER(false),
  /** A Scan was sent although scan=reject. */
  SCAN_UNDER_REJECT(true),
  /** A refusal after a request had been sent. */
  REQUEST_BEFORE_REFUSAL(true),
  /** Any other exception. */
  UNEXPECTED_ERROR(true),
  /** Under scan=allow, a refusal the README does not document. */
  REFUSED_UNDER_ALLOW(true),
  /** A statement answered by key reads sent other requests under scan=allow than under scan=reject. */
  REQUESTS_DEPEND_ON_SCAN(true);

  private final boolean failure;

  Verdict(boolean failure) {
    this.failure = failure;
  }

  boolean failure() {
    return failure;
  }
}
