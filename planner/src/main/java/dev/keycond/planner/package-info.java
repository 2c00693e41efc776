/**
 * {@link dev.keycond.planner.StatementPlanner}, which plans a statement on Calcite into a
 * {@link dev.keycond.planner.PlannedStatement} (rows, a write's counts, or EXPLAIN's description),
 * and what planning a statement needs beside the packages below: the parser's and validator's
 * settings, the rewrites applied before planning, result column labels, and the messages for
 * names that do not exist; and {@link dev.keycond.planner.PlannerWarmUp}, which a first connection
 * runs beside its requests so that its first statement finds the planner loaded.
 */
package dev.keycond.planner;
