package dev.keycond.planner;

/**
 * Which simple statements are planned without Calcite's parser, validator, converter and rules,
 * into the plan those would make: a simple SELECT ({@link SimpleSelectPlanner}), a simple INSERT
 * ({@link SimpleInsertPlanner}), UPDATE or DELETE ({@link SimpleChangePlanner}). Each is planned
 * through Calcite when it is off, to compare the two ways.
 */
public record DirectPlanning(boolean selects, boolean writes) {
  /** Every simple statement planned directly: the default. */
  public static final DirectPlanning ALL = new DirectPlanning(true, true);
  /** Every statement planned through Calcite. */
  public static final DirectPlanning NONE = new DirectPlanning(false, false);
}
