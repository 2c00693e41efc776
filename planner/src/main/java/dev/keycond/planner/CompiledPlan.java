package dev.keycond.planner;

import org.apache.calcite.rel.RelNode;

/** A planned statement, with the relational plan it was compiled from (which EXPLAIN describes). */
record CompiledPlan(PlannedStatement statement, RelNode rel) {}
