package dev.keycond.planner.session;

/**
 * How long each request of a session may wait for its answer on its own (JDBC's network timeout),
 * and what a request that runs past it sets off.
 *
 * @param millis the bound in milliseconds; 0 for none
 * @param exceeded run once a request has run past the bound and its statement has failed
 */
record RequestBound(long millis, Runnable exceeded) {
  static final RequestBound NONE = new RequestBound(0, () -> { });

  RequestBound {
    if (millis < 0) {
      throw new IllegalArgumentException("A request bound is 0 or more milliseconds, not " + millis);
    }
  }
}
