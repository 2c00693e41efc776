package dev.keycond.planner;

import com.google.common.collect.ImmutableList;

/**
 * A planned statement, ready to run any number of times with different parameters. Its kind says
 * what running it gives: rows ({@link PlannedQuery}), the description of a plan
 * ({@link PlannedExplain}), or, for a write, a count of the rows it changed.
 */
public sealed interface PlannedStatement permits PlannedQuery, PlannedExplain, PlannedUpdate {

  /** The types the validator inferred for the {@code ?} markers, in marker order. */
  ImmutableList<ParameterType> parameters();

  /** What the plan costs beyond its key reads (residual filters, Scans), for SQLWarnings. */
  PlanWarnings warnings();
}
