/**
 * A connection's plans, kept by text and by shape ({@link dev.keycond.planner.cache.PlanCache}),
 * what the cache has done ({@link dev.keycond.planner.cache.PlanCacheStatistics}), and whether a
 * shape's plan may be shared by its texts ({@link dev.keycond.planner.cache.StandAloneParameters}).
 */
package dev.keycond.planner.cache;
