package dev.keycond.planner.plan;

import java.util.Optional;

/** The key condition of one GetItem or Query: the partition key's value and a sort key condition. */
public record KeyCondition(String partitionAttribute, KeyValue partitionValue, Optional<SortCondition> sort) {}
