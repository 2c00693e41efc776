package dev.keycond.planner.plan;

/**
 * How a plan's parameter markers read in EXPLAIN and in warnings: as markers ({@code ?2}), or, in
 * a plan shared by statement texts of one shape, as the literal of the text being run, which is
 * what that text's own plan would show.
 */
@FunctionalInterface
public interface ParameterText {
  ParameterText MARKERS = index -> "?" + (index + 1);

  /** The text of the {@code index}-th (0-based) parameter. */
  String of(int index);
}
