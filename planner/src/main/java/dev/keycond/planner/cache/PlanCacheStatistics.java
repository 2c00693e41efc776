package dev.keycond.planner.cache;

/**
 * What a connection's plan cache has done: how many statements were planned, and how many found a
 * plan made before, for their text or for their shape.
 *
 * @param plans the texts and shapes whose plans are kept now
 * @param planned statements planned, each with a plan of its own
 * @param sameText statements that found the plan made for their text (a PreparedStatement
 *     prepared again, a text run again)
 * @param sameShape statements run with the plan their shape's texts share
 * @param simplePlans plans made without Calcite's parser and validator, of simple SELECTs (a
 *     statement's own, or its shape's)
 */
public record PlanCacheStatistics(int plans, long planned, long sameText, long sameShape, long simplePlans) {}
