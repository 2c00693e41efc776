package dev.keycond.planner.infer;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.gateway.DynamoCatalog;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.gateway.StatementCall;
import dev.keycond.planner.infer.EntityProposer.Constant;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.source.SourceTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Infers a mapping from the items of DynamoDB tables: reads a bounded sample of each
 * ({@link ItemSample}), groups the items into entities by the shape of their own keys
 * ({@link KeyShape}), splits a group further by a type attribute ({@code EntityType = 'Order'})
 * when its keys alone do not tell its entities apart, and proposes a table for each group
 * ({@link EntityProposer}). An item whose key shape no other item of the sample has is no
 * evidence of an entity: it is reported, not placed. The proposal is then loaded as keycond would
 * load it, and each sampled item decoded by every proposed table of its source
 * ({@link ProposalCheck}), so that the notes say which tables would read items that are not theirs.
 */
public final class MappingInference {
  /** The items of one key shape needed to propose an entity. */
  static final int MIN_ITEMS = 2;
  private static final Pattern TYPE_ATTRIBUTE =
      Pattern.compile("_*(entity_?type|entity|type|typename|kind|et)", Pattern.CASE_INSENSITIVE);
  private static final List<String> DELIMITERS = List.of("#", "|");

  private MappingInference() {}

  /**
   * Samples {@code tables} (every table ListTables gives when empty) and proposes their mapping.
   *
   * @throws dev.keycond.planner.error.KeycondException for a table that does not exist (42S02) or
   *     a request DynamoDB refuses
   */
  public static ProposedMapping infer(DynamoDbClient client, List<String> tables, SampleBounds bounds) {
    DynamoCatalog catalog = new DynamoCatalog(client);
    DynamoGateway gateway = new DynamoGateway(client);
    StatementCall call = new StatementCall(0);
    List<String> names = tables.isEmpty() ? catalog.listTables() : tables;
    List<SourceTable> sources = names.stream().map(catalog::describe).toList();
    List<ItemSample> samples = new ArrayList<>();
    for (SourceTable source : sources) {
      samples.add(ItemSample.read(source, bounds, gateway, call));
    }
    List<String> report = new ArrayList<>();
    report.add("Sampled " + bounds.describe() + " per table:");
    samples.forEach(s -> report.add("  " + s.describe()));
    report.add("Cost: " + call.cost().snapshot().summary());
    return propose(samples, report);
  }

  /** The mapping the samples suggest, checked by loading it. */
  public static ProposedMapping propose(List<ItemSample> samples, List<String> report) {
    List<ProposedTable> tables = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    notes.add("a column in a slot of a key template is VARCHAR: a slot of another type would skip, as another "
        + "entity's, every item whose key text is not of that type");
    Map<Map<String, AttributeValue>, String> placed = new IdentityHashMap<>();
    Set<String> taken = new HashSet<>();
    for (ItemSample sample : samples) {
      SourceTable source = sample.source();
      String delimiter = delimiter(source, sample.items());
      // In the order of their key shapes and keys, not of the Scan, so that a proposal is repeatable.
      Map<String, List<Map<String, AttributeValue>>> shapes = new TreeMap<>();
      List<Map<String, AttributeValue>> items = sample.items().stream()
          .sorted(Comparator.comparing(item -> describeKey(source, item))).toList();
      for (Map<String, AttributeValue> item : items) {
        shapes.computeIfAbsent(signature(source, item, delimiter), s -> new ArrayList<>()).add(item);
      }
      for (List<Map<String, AttributeValue>> group : shapes.values()) {
        if (group.size() < MIN_ITEMS) {
          group.forEach(item -> notes.add("not placed: the item with key " + describeKey(source, item)
              + " of table '" + source.name() + "' is the only one of its key shape in the sample"));
          continue;
        }
        for (Map.Entry<Optional<Constant>, List<Map<String, AttributeValue>>> entity : byType(group).entrySet()) {
          String name = unique(entity.getKey().map(c -> snakeCase(c.value()))
              .orElseGet(() -> EntityProposer.suggestedName(source, entity.getValue().get(0), delimiter)), taken);
          ProposedTable table = EntityProposer.propose(name, source, delimiter, entity.getValue(), entity.getKey());
          tables.add(table.withNotes(ImmutableList.of("proposed from " + entity.getValue().size() + " items of "
              + source.name() + " such as the one with key " + describeKey(source, entity.getValue().get(0)))));
          entity.getValue().forEach(item -> placed.put(item, name));
        }
      }
    }
    ProposedMapping proposal = new ProposedMapping(ImmutableList.copyOf(tables), ImmutableList.copyOf(notes),
        ImmutableList.copyOf(report), false);
    return ProposalCheck.check(proposal, samples, placed);
  }

  /** The delimiter most of the string keys hold: {@code #} unless {@code |} is commoner. */
  private static String delimiter(SourceTable source, List<Map<String, AttributeValue>> items) {
    String best = DELIMITERS.get(0);
    long bestCount = -1;
    for (String delimiter : DELIMITERS) {
      long count = items.stream().flatMap(item -> source.keys().attributes().stream().map(item::get))
          .filter(v -> v != null && v.s() != null && v.s().contains(delimiter)).count();
      if (count > bestCount) {
        best = delimiter;
        bestCount = count;
      }
    }
    return best;
  }

  private static String signature(SourceTable source, Map<String, AttributeValue> item, String delimiter) {
    List<String> parts = new ArrayList<>();
    for (String key : source.keys().attributes()) {
      AttributeValue value = item.get(key);
      AttributeType type = source.keyAttributeType(key);
      parts.add(value == null ? "?" : type == AttributeType.S ? KeyShape.of(value.s(), delimiter).signature() : "{}");
    }
    return String.join("\u0000", parts);
  }

  /**
   * The group split by its type attribute when that attribute holds several values, each part
   * with the value as a constant; else the group as it is.
   */
  private static Map<Optional<Constant>, List<Map<String, AttributeValue>>> byType(
      List<Map<String, AttributeValue>> group) {
    for (String attribute : group.get(0).keySet().stream().sorted().toList()) {
      if (!TYPE_ATTRIBUTE.matcher(attribute).matches()
          || !group.stream().allMatch(item -> item.get(attribute) != null && item.get(attribute).s() != null)) {
        continue;
      }
      Map<String, List<Map<String, AttributeValue>>> byValue = group.stream().collect(Collectors.groupingBy(
          item -> item.get(attribute).s(), TreeMap::new, Collectors.toList()));
      if (byValue.size() > 1) {
        Map<Optional<Constant>, List<Map<String, AttributeValue>>> split = new LinkedHashMap<>();
        byValue.forEach((value, items) -> split.put(Optional.of(new Constant(attribute, value)), items));
        return split;
      }
    }
    Map<Optional<Constant>, List<Map<String, AttributeValue>>> whole = new LinkedHashMap<>();
    whole.put(Optional.empty(), group);
    return whole;
  }

  /** {@code LineItem} as {@code line_item}. */
  static String snakeCase(String text) {
    String snake = text.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("[^A-Za-z0-9_]+", "_")
        .toLowerCase(Locale.ROOT);
    return snake.isEmpty() ? "entity" : snake;
  }

  static String unique(String wanted, Set<String> taken) {
    String name = wanted;
    for (int n = 2; !taken.add(name); n++) {
      name = wanted + "_" + n;
    }
    return name;
  }

  /** Such as {@code EntityRef='WS#acme', Detail='META'}. */
  static String describeKey(SourceTable source, Map<String, AttributeValue> item) {
    return source.keys().attributes().stream().map(key -> {
      AttributeValue value = item.get(key);
      String text = value == null ? "(none)" : value.s() != null ? "'" + value.s() + "'"
          : value.n() != null ? value.n() : value.toString();
      return key + "=" + text;
    }).collect(Collectors.joining(", "));
  }
}
