package dev.keycond.sqltests.fuzz;

import dev.keycond.sqltests.fuzz.DynamoRules.Violation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The item a row of the reference must be on the server, by the README's rules and not the
 * driver's code: every key attribute of the table and of its indexes whose template's columns are
 * all set, its template filled in ({@link KeyPattern#render}); every column that is no slot of the
 * table's own key in its own attribute; NULL as no attribute. A value that no key of its template
 * can hold (a template's literal inside a slot, a number wider than its zero-padded slot) is a
 * {@link Violation} the README refuses, and so is a hierarchy's parent that is not its path's.
 *
 * @param item the attributes, keys included
 * @param violations why the row cannot be written, besides what {@link DynamoRules} checks on the item
 */
record ReferenceItem(Map<String, AttributeValue> item, List<Violation> violations) {
  ReferenceItem {
    item = Map.copyOf(item);
    violations = List.copyOf(violations);
  }

  /** @param row column name to value: a String (decoded), BigDecimal, Long, Integer or LocalDate, or null */
  static ReferenceItem of(FuzzTable table, Map<String, Object> row) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    List<Violation> violations = new ArrayList<>();
    Map<String, ScalarAttributeType> types = new LinkedHashMap<>(table.source().key());
    table.source().globalIndexes().forEach(i -> types.putAll(i.key()));
    table.source().localIndexes().forEach(i -> types.putAll(i.key()));
    table.keys().forEach((attribute, pattern) -> {
      List<String> slots = new ArrayList<>();
      for (String column : pattern.columns()) {
        Object value = row.get(column);
        if (value == null) {
          return;
        }
        slots.add(text(value));
      }
      if (types.get(attribute) == ScalarAttributeType.N) {
        item.put(attribute, AttributeValue.fromN(slots.get(0)));
        return;
      }
      Optional<String> key = pattern.render(slots);
      if (key.isEmpty()) {
        violations.add(new Violation("22003", "key " + attribute + " " + pattern.template() + ": " + slots
            + " is wider than its zero-padded slot, or no whole number"));
      } else if (pattern.match(key.get()).isEmpty()) {
        violations.add(new Violation("22Z01", "key " + attribute + " " + pattern.template() + ": " + slots
            + " holds a literal of the template"));
      } else {
        item.put(attribute, AttributeValue.fromS(key.get()));
      }
    });
    table.hierarchy().ifPresent(h -> {
      Object path = row.get(h.path());
      Object parent = row.get(h.parent());
      if (path instanceof String p && parent != null && !parent.equals(h.parentOf(p))) {
        violations.add(new Violation("23514", "parent " + parent + " is not the parent of path " + p));
      }
    });
    // An index gets all its key attributes or none: one whose template lacks a column keeps the item out of it.
    List<List<String>> indexes = new ArrayList<>();
    table.source().globalIndexes().forEach(i -> indexes.add(List.copyOf(i.key().keySet())));
    table.source().localIndexes().forEach(i -> indexes.add(List.copyOf(i.key().keySet())));
    for (String attribute : List.copyOf(item.keySet())) {
      List<List<String>> holding = indexes.stream().filter(i -> i.contains(attribute)).toList();
      if (!holding.isEmpty() && !table.source().key().containsKey(attribute)
          && holding.stream().noneMatch(i -> item.keySet().containsAll(i))
          && table.columns().stream().noneMatch(c -> attribute.equals(c.attribute()))) {
        item.remove(attribute);
      }
    }
    for (FuzzColumn column : table.columns()) {
      Object value = row.get(column.name());
      if (column.key() || value == null) {
        continue;
      }
      item.put(column.attribute(), column.numeric() ? AttributeValue.fromN(text(value)) : AttributeValue.fromS(text(value)));
    }
    return new ReferenceItem(item, violations);
  }

  /** A value as a key's slot and an attribute hold it: numbers plain, a date as ISO-8601. */
  static String text(Object value) {
    return value instanceof BigDecimal n ? n.toPlainString() : value.toString();
  }
}
