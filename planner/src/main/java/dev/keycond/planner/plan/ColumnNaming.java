package dev.keycond.planner.plan;

import java.util.List;

/**
 * How a statement can write a column of one of the tables it reads, so that advice about the
 * statement can be pasted into it: {@code id} when it reads one table, {@code w.id} when it reads
 * {@code workspaces w} and others.
 */
@FunctionalInterface
public interface ColumnNaming {
  /**
   * The column as SQL text, once for each reference the statement makes to the table (a table read
   * twice, as in a self-join, is written two ways).
   */
  List<String> refer(String table, String column);
}
