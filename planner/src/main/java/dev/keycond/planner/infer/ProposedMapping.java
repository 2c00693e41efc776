package dev.keycond.planner.infer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A mapping file proposed by an inference or an import, and its notes: one for each guess and for
 * each item it could not place. JSON has no comments, so the notes are kept apart from the file
 * ({@link #notes()}); the file ({@link #json()}) is loaded as it is.
 *
 * @param report what was read to make it and what that cost (an import reads nothing)
 * @param loads whether this keycond loads the file as it is (a note says why not)
 */
public record ProposedMapping(ImmutableList<ProposedTable> tables, ImmutableList<String> notes,
    ImmutableList<String> report, boolean loads) {

  /** The mapping file. */
  public String json() {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    ObjectNode tableNode = root.putObject("tables");
    tables.forEach(t -> tableNode.set(t.name(), t.json()));
    // As the README writes mappings: "name": value, two spaces a level.
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)).withObjectIndenter(new DefaultIndenter("  ", "\n"));
    try {
      return new ObjectMapper().writer(printer).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every note: the mapping's own, then each table's, each prefixed with the table's name. */
  public List<String> allNotes() {
    List<String> all = new ArrayList<>(notes);
    for (ProposedTable table : tables) {
      table.notes().forEach(n -> all.add(table.name() + ": " + n));
    }
    return all;
  }

  public List<String> tableNames() {
    return tables.stream().map(ProposedTable::name).toList();
  }
}
