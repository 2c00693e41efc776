package dev.keycond.planner.rel;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.plan.AccessPath;
import java.util.List;

/**
 * Tables that live in one item collection (one partition of a shared DynamoDB table), read
 * together with one Query: a workspace, its projects and its members. The items are split by the
 * tables' key templates, and each table's conditions are checked on its own rows.
 *
 * @param parts each table's plan, read through {@code shared}, in the order the plan meets them
 * @param shared the Query of the collection: the partition key, without a sort key condition
 */
public record CollectionRead(ImmutableList<ReadPlan> parts, AccessPath shared) {

  public ReadPlan part(int index) {
    return parts.get(index);
  }

  /** The same collection with one more table's plan, read through the same Query, first or last. */
  public CollectionRead with(ReadPlan plan, boolean first) {
    ReadPlan added = plan.readThrough(shared);
    ImmutableList.Builder<ReadPlan> all = ImmutableList.builder();
    return new CollectionRead((first ? all.add(added).addAll(parts) : all.addAll(parts).add(added)).build(), shared);
  }

  /** The tables' names, for EXPLAIN: "workspaces, projects and members". */
  public String tableNames() {
    List<String> names = parts.stream().map(p -> p.table().name()).toList();
    return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
  }
}
