package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.plan.KeyCondition;

/**
 * The requests one read sends, one per key condition that can match an item.
 *
 * @param queried for each Query among {@code requests}, in the same order, the key condition it
 *     reads; a hierarchy walk starts each subtree from it
 */
public record ReadRequests(ImmutableList<ReadRequest> requests, ImmutableList<KeyCondition> queried) {}
