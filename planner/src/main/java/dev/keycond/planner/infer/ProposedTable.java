package dev.keycond.planner.infer;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.mapping.Hierarchy;
import java.util.Optional;

/**
 * A SQL table a proposal declares, with the notes that say what was guessed for it.
 *
 * @param keys key attribute to template, the table's own keys first
 * @param constants attributes every item of the table holds with this value, declared only when
 *     its keys alone do not tell the table's items from another table's
 */
record ProposedTable(String name, String source, ImmutableList<ProposedColumn> columns,
    ImmutableMap<String, String> keys, ImmutableMap<String, String> constants, Optional<Hierarchy> hierarchy,
    ImmutableList<String> notes) {

  ProposedTable {
    requireNonNull(name, "name");
    requireNonNull(source, "source");
    if (columns.isEmpty() || keys.isEmpty()) {
      throw new IllegalArgumentException("table '" + name + "' needs columns and keys");
    }
  }

  ProposedTable withNotes(ImmutableList<String> more) {
    return new ProposedTable(name, source, columns, keys, constants, hierarchy,
        ImmutableList.<String>builder().addAll(notes).addAll(more).build());
  }

  ObjectNode json() {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode table = f.objectNode();
    table.put("source", source);
    ObjectNode columnNode = table.putObject("columns");
    columns.forEach(c -> columnNode.set(c.name(), c.json()));
    ObjectNode keyNode = table.putObject("keys");
    keys.forEach(keyNode::put);
    if (!constants.isEmpty()) {
      ObjectNode constantNode = table.putObject("constants");
      constants.forEach(constantNode::put);
    }
    hierarchy.ifPresent(h -> {
      ObjectNode node = table.putObject("hierarchy");
      node.put("path", h.pathColumn());
      node.put("delimiter", h.delimiter());
      node.put("parent", h.parentColumn());
    });
    return table;
  }
}
