/**
 * {@link dev.keycond.planner.StatementPlanner}, which plans a statement on Calcite into a
 * {@link dev.keycond.planner.PlannedStatement} (rows, a write's counts, or EXPLAIN's description)
 * with the packages below: {@code sql} for parsing and validating, {@code cache} for plans made
 * before; {@link dev.keycond.planner.SimpleSelectPlanner}, {@link dev.keycond.planner.SimpleInsertPlanner}
 * and {@link dev.keycond.planner.SimpleChangePlanner}, which plan a simple SELECT, INSERT, UPDATE or DELETE
 * without Calcite's front end into the read or write Calcite's path makes of it; what planned reads may send
 * ({@code PlannedReads}) and the warnings a plan gives; and
 * {@link dev.keycond.planner.PlannerWarmUp}, which a first connection runs beside its requests and
 * once it is open and its first statement over ({@code FirstStatement}), so that its
 * statements find the planner loaded.
 */
package dev.keycond.planner;
