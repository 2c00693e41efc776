/**
 * {@link dev.keycond.planner.StatementPlanner}, which plans a statement on Calcite into a
 * {@link dev.keycond.planner.PlannedStatement} (rows, a write's counts, or EXPLAIN's description)
 * with the packages below: {@code sql} for parsing and validating, {@code cache} for plans made
 * before; what planned reads may send ({@code PlannedReads}) and the warnings a plan gives; and
 * {@link dev.keycond.planner.PlannerWarmUp}, which a first connection runs beside its requests so
 * that its first statement finds the planner loaded.
 */
package dev.keycond.planner;
