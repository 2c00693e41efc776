package dev.keycond.planner.plan;

/** A key attribute bound to one value in a key condition: a partition key attribute, or a leading sort key attribute. */
public record KeyEquality(String attribute, KeyValue value) {}
