package dev.keycond.planner.mapping;

/** A declared one-to-many relation: {@code column} of this table refers to {@code targetTable.targetColumn}. */
public record Reference(String column, String targetTable, String targetColumn) {}
