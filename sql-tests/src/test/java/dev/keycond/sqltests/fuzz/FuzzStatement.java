package dev.keycond.sqltests.fuzz;

import java.util.List;

/**
 * One generated statement.
 *
 * @param index its place in the run: with the run's seed, it regenerates the statement
 * @param sql what keycond runs, with {@code ?} markers when {@code parameters} is not empty
 * @param referenceSql what H2 runs: the same statement with every marker replaced by the literal
 *     its parameter stands for, and without a LIMIT that {@link Comparison.Subset} checks instead
 */
record FuzzStatement(int index, String universe, String category, String sql, List<Object> parameters,
    String referenceSql, Comparison comparison) {
  FuzzStatement {
    parameters = List.copyOf(parameters);
  }

  boolean prepared() {
    return !parameters.isEmpty();
  }
}
