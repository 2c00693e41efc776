package dev.keycond.planner.exec.write;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.request.WriteRequest;

/**
 * One step of a write as EXPLAIN shows it: what it does, and the requests it sends, built with the
 * parameters' values when they are known, else with the markers described.
 *
 * @param perRow true when the requests stand for one request per row of a read, not for all it sends
 */
public record WriteStep(String description, ImmutableList<WriteRequest> requests, boolean perRow) {}
