package dev.keycond.planner.infer;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.infer.KeyShape.Label;
import dev.keycond.planner.infer.KeyShape.LabelledValue;
import dev.keycond.planner.infer.KeyShape.Part;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.Hierarchy;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Proposes one SQL table for the items of one entity: items whose own keys have the same shape
 * ({@link KeyShape#signature()}), and, when a type attribute told apart entities of one shape, the
 * same type. Key values become templates whose slots are named after their label ({@code PROJ#x}:
 * {@code proj_id}) or after the plain attribute that holds a copy of them; index key values become
 * templates over the table's columns when every part of them is a column's value, else a column of
 * their own; every other attribute is a column of the type its values read back exactly as.
 */
final class EntityProposer {
  private static final String PATH_DELIMITER = "/";

  private final SourceTable source;
  private final String delimiter;
  private final List<Map<String, AttributeValue>> items;
  private final Optional<Constant> constant;
  /** The plain attributes of the items, in the order first seen: every attribute but the own keys. */
  private final List<String> attributes = new ArrayList<>();
  private final Map<String, String> keys = new LinkedHashMap<>();
  private final List<ProposedColumn> columns = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  /** Per item, the text of each slot column, for matching the parts of index keys. */
  private final List<Map<String, String>> slotTexts = new ArrayList<>();
  /** Plain attributes that a column decoded from a key holds a copy of, or that an index template computes. */
  private final Set<String> notColumns = new HashSet<>();
  private final Set<String> names = new HashSet<>();

  /** An attribute that every item of the entity holds with the same value. */
  record Constant(String attribute, String value) {}

  private EntityProposer(SourceTable source, String delimiter, List<Map<String, AttributeValue>> items,
      Optional<Constant> constant) {
    this.source = source;
    this.delimiter = delimiter;
    this.items = items;
    this.constant = constant;
    Set<String> own = new HashSet<>(source.keys().attributes());
    Set<String> seen = new LinkedHashSet<>();
    items.forEach(item -> item.keySet().stream().filter(a -> !own.contains(a)).forEach(seen::add));
    attributes.addAll(seen);
    constant.ifPresent(c -> notColumns.add(c.attribute()));
    items.forEach(item -> slotTexts.add(new HashMap<>()));
  }

  /**
   * The table for {@code items}, named {@code name}.
   *
   * @param items at least one item, all of one key shape
   */
  static ProposedTable propose(String name, SourceTable source, String delimiter,
      List<Map<String, AttributeValue>> items, Optional<Constant> constant) {
    EntityProposer proposer = new EntityProposer(source, delimiter, items, constant);
    for (String key : source.keys().attributes()) {
      proposer.ownKey(key);
    }
    for (String key : indexKeyAttributes(source)) {
      proposer.indexKey(key);
    }
    proposer.plainColumns();
    Optional<Hierarchy> hierarchy = proposer.hierarchy();
    constant.ifPresent(c -> proposer.notes.add("the keys of its items have the same shape as another table's, so "
        + "every item of it holds " + c.attribute() + " = '" + c.value() + "' (\"constants\")"));
    return new ProposedTable(name, source.name(), ImmutableList.copyOf(proposer.columns),
        ImmutableMap.copyOf(proposer.keys), constant.map(c -> ImmutableMap.of(c.attribute(), c.value()))
        .orElse(ImmutableMap.of()), hierarchy, ImmutableList.copyOf(proposer.notes));
  }

  /** The name the keys suggest: the label of the last value of the sort key, else of the partition key. */
  static String suggestedName(SourceTable source, Map<String, AttributeValue> item, String delimiter) {
    List<String> own = new ArrayList<>(source.keys().attributes());
    Collections.reverse(own);
    for (String key : own) {
      AttributeValue value = item.get(key);
      if (value == null || value.s() == null) {
        continue;
      }
      KeyShape shape = KeyShape.of(value.s(), delimiter);
      for (int i = shape.parts().size() - 1; i >= 0; i--) {
        LabelledValue labelled = shape.labelOf(i);
        if (!(shape.parts().get(i) instanceof Label) && !labelled.label().isEmpty()) {
          return labelled.label().toLowerCase(Locale.ROOT);
        }
      }
    }
    return source.name().toLowerCase(Locale.ROOT);
  }

  private static Set<String> indexKeyAttributes(SourceTable source) {
    Set<String> keys = new LinkedHashSet<>();
    for (SourceIndex index : source.indexes()) {
      keys.addAll(index.keys().attributes());
    }
    keys.removeAll(source.keys().attributes());
    return keys;
  }

  private void ownKey(String key) {
    List<AttributeValue> values = items.stream().map(item -> item.get(key)).toList();
    if (source.keyAttributeType(key) != AttributeType.S) {
      List<String> texts = values.stream().map(v -> v.n() != null ? v.n() : v.toString()).toList();
      Optional<String> copy = copyOf(texts, AttributeValue::n);
      String name = unique(copy.orElse(key), copy);
      TypeGuess guess = TypeGuess.ofValues(values);
      columns.add(new ProposedColumn(name, guess.type(), copy.filter(c -> !c.equals(name))));
      copy.ifPresent(notColumns::add);
      keys.put(key, "{" + name + "}");
      record(name, texts);
      notes.add("column " + name + " " + typeName(guess.type()) + " is key " + key + " itself: " + guess.reason());
      return;
    }
    List<KeyShape> shapes = values.stream().map(v -> KeyShape.of(v.s(), delimiter)).toList();
    KeyShape first = shapes.get(0);
    StringBuilder template = new StringBuilder();
    for (int i = 0; i < first.parts().size(); i++) {
      template.append(i == 0 ? "" : delimiter);
      Part part = first.parts().get(i);
      if (part instanceof Label label) {
        template.append(label.text());
        continue;
      }
      int at = i;
      List<String> texts = shapes.stream().map(s -> s.parts().get(at).text()).toList();
      Optional<String> copy = copyOf(texts, AttributeValue::s);
      String name = unique(copy.orElseGet(() -> slotName(first.labelOf(at), key, texts)), copy);
      copy.ifPresent(notColumns::add);
      columns.add(new ProposedColumn(name, ColumnType.VARCHAR, copy));
      record(name, texts);
      template.append('{').append(name).append('}');
      String from = first.labelOf(at).label().isEmpty() ? "part of " + key
          : "value after '" + first.labelOf(at).label() + delimiter + "' in " + key;
      notes.add("column " + name + " VARCHAR is the " + from + " (such as '" + texts.get(0) + "')"
          + copy.map(c -> ", also stored in attribute " + c + " on every item seen").orElse(""));
    }
    keys.put(key, template.toString());
  }

  private void record(String column, List<String> texts) {
    for (int i = 0; i < texts.size(); i++) {
      slotTexts.get(i).put(column, texts.get(i));
    }
  }

  /** A slot's name from its label: {@code proj_id} for the first value after {@code PROJ}, {@code proj_2} for the next. */
  private static String slotName(LabelledValue labelled, String key, List<String> texts) {
    if (labelled.label().isEmpty()) {
      return texts.stream().allMatch(t -> t.contains(PATH_DELIMITER)) && !texts.isEmpty() ? "path"
          : key.toLowerCase(Locale.ROOT);
    }
    String label = labelled.label().toLowerCase(Locale.ROOT);
    return labelled.position() == 0 ? label + "_id" : label + "_" + (labelled.position() + 1);
  }

  /**
   * A name no other column of the table has, nor a plain attribute that is not the column's own:
   * a slot is not named after an attribute that holds something else.
   */
  private String unique(String wanted, Optional<String> ownAttribute) {
    String name = wanted;
    for (int n = 2; names.contains(name) || (attributes.contains(name) && !ownAttribute.equals(Optional.of(name)));
        n++) {
      name = wanted + "_" + n;
    }
    names.add(name);
    return name;
  }

  /** The plain attribute whose {@code text} (its S or its N) is {@code texts}, item for item, if one's is. */
  private Optional<String> copyOf(List<String> texts, Function<AttributeValue, String> text) {
    Optional<String> copy = attributeHolding(texts, text,
        attribute -> !notColumns.contains(attribute) && !source.isKeyAttribute(attribute));
    copy.ifPresent(notColumns::add);
    return copy;
  }

  /** The first {@code eligible} attribute whose {@code text} is {@code texts}, item for item. */
  private Optional<String> attributeHolding(List<String> texts, Function<AttributeValue, String> text,
      Predicate<String> eligible) {
    for (String attribute : attributes) {
      if (!eligible.test(attribute)) {
        continue;
      }
      boolean holds = true;
      for (int i = 0; i < items.size() && holds; i++) {
        AttributeValue value = items.get(i).get(attribute);
        holds = value != null && texts.get(i).equals(text.apply(value));
      }
      if (holds) {
        return Optional.of(attribute);
      }
    }
    return Optional.empty();
  }

  private static String text(AttributeValue value) {
    if (value == null) {
      return null;
    }
    return value.s() != null ? value.s() : value.n();
  }

  private void indexKey(String key) {
    long present = items.stream().filter(item -> item.containsKey(key)).count();
    if (present == 0) {
      return;
    }
    if (present == items.size() && source.keyAttributeType(key) == AttributeType.S) {
      Optional<String> template = indexTemplate(key);
      if (template.isPresent()) {
        keys.put(key, template.get());
        notColumns.add(key);
        notes.add("index key " + key + " = '" + template.get() + "', from values such as '"
            + items.get(0).get(key).s() + "'");
        return;
      }
    }
    notes.add("index key " + key + " is a column of its own" + (present < items.size()
        ? ": " + present + " of the " + items.size() + " items seen have it (a sparse index)"
        : ": no template of the other columns gives its values (such as '" + text(items.get(0).get(key)) + "')"));
  }

  /** A template whose every value part is, item for item, the text of one column. */
  private Optional<String> indexTemplate(String key) {
    List<KeyShape> shapes = items.stream().map(item -> KeyShape.of(item.get(key).s(), delimiter)).toList();
    if (shapes.stream().map(KeyShape::signature).distinct().count() != 1) {
      return Optional.empty();
    }
    KeyShape first = shapes.get(0);
    StringBuilder template = new StringBuilder();
    Set<String> used = new HashSet<>();
    for (int i = 0; i < first.parts().size(); i++) {
      template.append(i == 0 ? "" : delimiter);
      if (first.parts().get(i) instanceof Label label) {
        template.append(label.text());
        continue;
      }
      int at = i;
      Optional<String> column = columnHolding(shapes.stream().map(s -> s.parts().get(at).text()).toList());
      if (column.isEmpty() || !used.add(column.get())) {
        return Optional.empty();
      }
      template.append('{').append(column.get()).append('}');
    }
    return Optional.of(template.toString());
  }

  /** The key slot column, or else the plain attribute (a column), whose text is {@code texts} item for item. */
  private Optional<String> columnHolding(List<String> texts) {
    for (String column : slotTexts.get(0).keySet().stream().sorted().toList()) {
      boolean holds = true;
      for (int i = 0; i < items.size() && holds; i++) {
        holds = texts.get(i).equals(slotTexts.get(i).get(column));
      }
      if (holds) {
        return Optional.of(column);
      }
    }
    // Not an attribute whose name a slot column took: the template would name that column instead.
    return attributeHolding(texts, EntityProposer::text, attribute -> !notColumns.contains(attribute)
        && !source.isKeyAttribute(attribute) && !names.contains(attribute));
  }

  private void plainColumns() {
    for (String attribute : attributes) {
      if (notColumns.contains(attribute)) {
        continue;
      }
      List<AttributeValue> values = items.stream().map(item -> item.get(attribute)).toList();
      TypeGuess guess = TypeGuess.ofValues(values);
      String name = unique(attribute, Optional.of(attribute));
      columns.add(new ProposedColumn(name, guess.type(), name.equals(attribute) ? Optional.empty()
          : Optional.of(attribute)));
      long present = values.stream().filter(v -> v != null).count();
      notes.add("column " + name + " " + typeName(guess.type()) + ": " + guess.reason()
          + (present < items.size() ? " (" + present + " of " + items.size() + " items have it)" : ""));
    }
  }

  /**
   * A hierarchy when the sort key's last slot holds paths delimited by {@code /} and a plain
   * attribute holds each path's parent, as a hierarchy requires.
   */
  private Optional<Hierarchy> hierarchy() {
    Optional<String> range = source.keys().rangeAttribute();
    if (range.isEmpty() || !keys.get(range.get()).endsWith("}")) {
      return Optional.empty();
    }
    String template = keys.get(range.get());
    String path = template.substring(template.lastIndexOf('{') + 1, template.length() - 1);
    List<String> paths = slotTexts.stream().map(texts -> texts.get(path)).toList();
    if (paths.stream().anyMatch(p -> p == null) || paths.stream().noneMatch(p -> p.contains(PATH_DELIMITER))) {
      return Optional.empty();
    }
    for (ProposedColumn column : columns) {
      String attribute = column.attribute().orElse(column.name());
      if (column.type() != ColumnType.VARCHAR || column.name().equals(path) || notColumns.contains(attribute)
          || source.isKeyAttribute(attribute)) {
        continue;
      }
      boolean parents = true;
      for (int i = 0; i < items.size() && parents; i++) {
        Optional<String> parent = parentOf(paths.get(i));
        String held = text(items.get(i).get(attribute));
        parents = parent.map(p -> p.equals(held)).orElse(held == null);
      }
      if (parents) {
        notes.add("a hierarchy: " + path + " holds paths delimited by '/', and " + column.name()
            + " holds each one's parent");
        return Optional.of(new Hierarchy(path, PATH_DELIMITER, column.name()));
      }
    }
    notes.add(path + " holds paths delimited by '/', but no attribute holds each one's parent, which a hierarchy "
        + "needs; none is declared");
    return Optional.empty();
  }

  /** The path up to and including the delimiter before its last segment; a folder's trailing delimiter is not one. */
  private static Optional<String> parentOf(String path) {
    String trimmed = path.endsWith(PATH_DELIMITER) ? path.substring(0, path.length() - 1) : path;
    int last = trimmed.lastIndexOf(PATH_DELIMITER);
    return last < 0 ? Optional.empty() : Optional.of(trimmed.substring(0, last + 1));
  }

  private static String typeName(ColumnType type) {
    return type.name().replace('_', ' ');
  }
}
