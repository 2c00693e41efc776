package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.rel.DynamoWrite;
import java.util.Objects;

/**
 * A simple INSERT, UPDATE or DELETE planned without Calcite's front end
 * ({@link SimpleInsertPlanner}, {@link SimpleChangePlanner}): its write, and the types of its
 * markers, in order.
 */
record SimpleWrite(DynamoWrite write, ImmutableList<ParameterType> parameters) {
  SimpleWrite {
    Objects.requireNonNull(write, "write");
    Objects.requireNonNull(parameters, "parameters");
  }
}
