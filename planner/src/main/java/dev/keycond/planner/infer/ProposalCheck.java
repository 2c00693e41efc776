package dev.keycond.planner.infer;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.mapping.Mapping;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.table.TableBinding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Loads a proposal as a connection would (the mapping parser, then each table bound to its
 * DynamoDB table), and decodes every sampled item with every proposed table of its source: a
 * table that would read items taken for another, or skip its own, gets a note. A proposal that
 * does not load says why in a note of its own.
 */
final class ProposalCheck {
  private ProposalCheck() {}

  static ProposedMapping check(ProposedMapping proposal, List<ItemSample> samples,
      Map<Map<String, AttributeValue>, String> placed) {
    Mapping mapping;
    try {
      mapping = MappingParser.parse(proposal.json(), "proposed mapping");
      for (TableMapping table : mapping.tables().values()) {
        TableBinding.bind(table, source(samples, table.source()), mapping.tables().values());
      }
    } catch (KeycondException e) {
      return new ProposedMapping(proposal.tables(), ImmutableList.<String>builder().addAll(proposal.notes())
          .add("THE PROPOSED MAPPING DOES NOT LOAD with this keycond: " + e.getMessage()).build(), proposal.report(), false);
    }
    List<ProposedTable> checked = new ArrayList<>();
    for (ProposedTable table : proposal.tables()) {
      SourceTable source = source(samples, table.source());
      ItemCodec codec = ItemCodec.of(TableBinding.bind(mapping.table(table.name()).orElseThrow(), source,
          mapping.tables().values()));
      Map<String, Integer> others = new LinkedHashMap<>();
      int own = 0;
      int unread = 0;
      List<String> failures = new ArrayList<>();
      for (ItemSample sample : samples) {
        if (!sample.source().name().equals(table.source())) {
          continue;
        }
        for (Map<String, AttributeValue> item : sample.items()) {
          String owner = placed.getOrDefault(item, "");
          boolean reads;
          try {
            reads = codec.decode(item) != null;
          } catch (KeycondException e) {
            reads = false;
            failures.add(e.getMessage());
          }
          if (owner.equals(table.name())) {
            own += reads ? 1 : 0;
            unread += reads ? 0 : 1;
          } else if (reads) {
            others.merge(owner.isEmpty() ? "no table (not placed)" : "table " + owner, 1, Integer::sum);
          }
        }
      }
      List<String> notes = new ArrayList<>();
      others.forEach((owner, count) -> notes.add("its keys also match " + count + " sampled item"
          + (count == 1 ? "" : "s") + " taken for " + owner + ", which a read of it returns too"
          + (table.constants().isEmpty() ? "" : " unless its constants tell them apart")));
      if (unread > 0) {
        notes.add(unread + " of its " + (own + unread) + " sampled items do not read as its rows"
            + (failures.isEmpty() ? "" : ": " + failures.get(0)));
      }
      checked.add(table.withNotes(ImmutableList.copyOf(notes)));
    }
    return new ProposedMapping(ImmutableList.copyOf(checked), proposal.notes(), proposal.report(), true);
  }

  private static SourceTable source(List<ItemSample> samples, String name) {
    return samples.stream().map(ItemSample::source).filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }
}
