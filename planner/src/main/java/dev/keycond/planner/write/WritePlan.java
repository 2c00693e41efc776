package dev.keycond.planner.write;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.ServerCondition;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.table.EntityTable;
import java.util.Optional;

/** What a write statement does to one table, and what decides its requests. */
public sealed interface WritePlan {

  EntityTable table();

  /**
   * INSERT: one PutItem per row that fails, and overwrites nothing, when the key exists; UPSERT
   * ({@code upsert}): unconditional puts that replace whole items, 25 to a BatchWriteItem. The rows
   * are the write's input, each of the table's full width.
   */
  record InsertRows(EntityTable table, boolean upsert) implements WritePlan {}

  /**
   * UPDATE (or DELETE, when {@code assignments} is empty and {@code delete} is set) of the rows a
   * read finds: every key of a read by whole keys (a point write, which sends only writes), or
   * every row of a slice read.
   *
   * @param target the read that finds the rows; its output is the table columns the write needs
   * @param condition the statement's predicates that the key does not express, as DynamoDB checks
   *     them with the write; empty when DynamoDB cannot check them exactly, and each row is then
   *     read, checked in the driver, and written only if it has not changed since
   * @param returnsRows whether the statement returns the rows it writes (RETURNING): each UpdateItem
   *     asks for the item as it leaves it, each DeleteItem for the item as it was, so that no other
   *     request is needed; a DELETE then sends a DeleteItem per row, never a BatchWriteItem
   * @param checks the WHERE clause's EXISTS and NOT EXISTS subqueries, each an item of another read
   *     by key: when they hold, the writes and a ConditionCheck of each go in one TransactWriteItems
   */
  record ChangeRows(EntityTable table, boolean delete, ReadPlan target, ImmutableList<Assignment> assignments,
      Optional<ServerCondition> condition, boolean returnsRows, ImmutableList<ExistenceCheck> checks)
      implements WritePlan {

    public ChangeRows {
      if (delete != assignments.isEmpty()) {
        throw new IllegalArgumentException("a DELETE assigns nothing, an UPDATE something");
      }
    }

    /** Whether the whole key of every row is known from the statement: a write per key, and no read. */
    public boolean byKey() {
      return target.access().kind() == AccessPath.Kind.GET_ITEM && target.access().index().isEmpty();
    }
  }

  /**
   * MERGE by key: each source row gives the key and the columns to set of one item, which, as the
   * branches say, an UpdateItem without condition creates or updates, an UpdateItem conditioned on
   * the item existing (and on {@code conditions}) updates, or a PutItem conditioned on no item
   * having the key creates.
   *
   * @param columns the table column of each of the first fields of the input's rows
   * @param conditions for the UPDATE alone, the ON clause's comparisons beyond the key
   * @param returnsRows whether the statement returns the rows it writes (RETURNING): each UpdateItem
   *     asks for the item as it leaves it
   */
  record MergeRows(EntityTable table, MergeBranches branches, ImmutableList<Integer> columns,
      ImmutableList<MergeCondition> conditions, boolean returnsRows) implements WritePlan {

    public MergeRows {
      if (!conditions.isEmpty() && branches != MergeBranches.MATCHED_UPDATE) {
        throw new IllegalArgumentException("only WHEN MATCHED THEN UPDATE alone takes conditions beyond the key");
      }
    }
  }

  /** Which branches a MERGE has. */
  enum MergeBranches {
    /** WHEN MATCHED THEN UPDATE and WHEN NOT MATCHED THEN INSERT: create or update. */
    BOTH,
    /** WHEN MATCHED THEN UPDATE alone: update an item that exists. */
    MATCHED_UPDATE,
    /** WHEN NOT MATCHED THEN INSERT alone: create an item that does not exist. */
    NOT_MATCHED_INSERT
  }

  /**
   * A comparison of the MERGE's ON clause beyond the key: the target's {@code column} compared by
   * {@code op} with the value of the input's {@code field}.
   */
  record MergeCondition(int column, ServerCondition.Op op, int field) {}
}
