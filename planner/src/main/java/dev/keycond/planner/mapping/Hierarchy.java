package dev.keycond.planner.mapping;

/**
 * Declares that {@code pathColumn} holds a delimited materialized path kept in a sort key, and that
 * {@code parentColumn} always holds the path up to and including the previous delimiter. That
 * invariant is what lets a recursive parent walk become one {@code begins_with} read.
 */
public record Hierarchy(String pathColumn, String delimiter, String parentColumn) {}
