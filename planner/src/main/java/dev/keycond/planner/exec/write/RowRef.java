package dev.keycond.planner.exec.write;

/**
 * One row of a write statement, as its progress and its messages name it.
 *
 * @param execution which execution of the statement (which parameter set of a batch) it belongs to
 * @param ordinal its place among the statement's rows
 * @param key its item's key, as a message shows it
 */
record RowRef(int execution, long ordinal, String key) {}
