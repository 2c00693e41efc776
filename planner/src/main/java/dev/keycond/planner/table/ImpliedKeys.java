package dev.keycond.planner.table;

import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TableMapping;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Completes a mapping's {@code keys} with the templates it implies. A key attribute of the table or
 * of an index that {@code keys} leaves out, but that a column is stored in, holds that column's
 * value as it is, so its template is {@code {column}}. An index keyed on an ordinary column, such
 * as a GSI on {@code name}, is then read like any other, without repeating the column under
 * {@code keys}. A key attribute that no column is stored in stays without a template, and an index
 * keyed on it cannot be read. For the same reason a template written for an attribute that a column
 * is stored in must be that bare {@code {column}}: the attribute cannot hold both the column's value
 * and another text.
 */
final class ImpliedKeys {
  private ImpliedKeys() {}

  /**
   * The mapping with every implied template added; every other consumer of the mapping (planning,
   * refusals, {@code table@index}, EXPLAIN, JDBC metadata) sees them as if they were written.
   *
   * @throws dev.keycond.planner.error.KeycondException when the column stored in a key attribute
   *     is of a type that DynamoDB does not accept in that key, or the attribute's written template
   *     is another than {@code {column}}
   */
  static TableMapping complete(TableMapping mapping, SourceTable source) {
    Map<String, KeyTemplate> keys = new LinkedHashMap<>(mapping.keys());
    // The table's own keys first: a column in their templates is decoded from them, so it is stored
    // in no attribute of its own and implies nothing for an index.
    for (String attribute : source.keys().attributes()) {
      if (!keys.containsKey(attribute)) {
        implied(mapping, source, attribute, Set.of(), "the table").ifPresent(t -> keys.put(attribute, t));
      }
    }
    Set<String> decodedFromKeys = new HashSet<>();
    for (String attribute : source.keys().attributes()) {
      Optional.ofNullable(keys.get(attribute)).ifPresent(t -> decodedFromKeys.addAll(t.columns()));
    }
    mapping.keys().forEach((attribute, template) -> checkWritten(mapping, source, attribute, template, decodedFromKeys));
    for (SourceIndex index : source.indexes()) {
      for (String attribute : index.keys().attributes()) {
        if (!keys.containsKey(attribute)) {
          implied(mapping, source, attribute, decodedFromKeys, "index '" + index.name() + "'")
              .ifPresent(t -> keys.put(attribute, t));
        }
      }
    }
    if (keys.size() == mapping.keys().size()) {
      return mapping;
    }
    return mapping.withKeys(ImmutableMap.copyOf(keys));
  }

  /**
   * A written template for an attribute that a column is stored in would be read by the index while
   * the column reads the attribute raw: {@code "name": "N#{name}"} queries for {@code N#n1}, which
   * no item whose name is n1 holds, and the query silently returns nothing.
   */
  private static void checkWritten(TableMapping mapping, SourceTable source, String attribute, KeyTemplate template,
      Set<String> decodedFromKeys) {
    storedIn(mapping, attribute, decodedFromKeys)
        .filter(column -> !template.equals(KeyTemplate.ofColumn(column.name())))
        .ifPresent(column -> {
          throw TableBinding.invalid(mapping, "keys." + attribute, "is template '" + template + "', but column '"
              + column.name() + "' is stored in attribute '" + attribute + "' of DynamoDB table '" + source.name()
              + "' as it is; the attribute holds the column's value, so its template can only be '{"
              + column.name() + "}' (or none): remove the template, or give the column another attribute");
        });
  }

  /** The column stored in {@code attribute} as it is, unless it is decoded from the table's own keys. */
  private static Optional<Column> storedIn(TableMapping mapping, String attribute, Set<String> decodedFromKeys) {
    return mapping.columns().stream()
        .filter(c -> c.attribute().equals(attribute) && !decodedFromKeys.contains(c.name())
            && c.storage() != Column.Storage.KEYS_ONLY)
        .findFirst();
  }

  private static Optional<KeyTemplate> implied(TableMapping mapping, SourceTable source, String attribute,
      Set<String> decodedFromKeys, String keyOf) {
    Optional<Column> stored = storedIn(mapping, attribute, decodedFromKeys);
    if (stored.isEmpty()) {
      return Optional.empty();
    }
    Column column = stored.get();
    AttributeType keyType = source.keyAttributeType(attribute);
    if (column.type().storage() != keyType) {
      // DynamoDB refuses an item whose index key attribute has another type, so no row could hold a value.
      throw TableBinding.invalid(mapping, "columns." + column.name(), "is " + column.type() + ", stored as "
          + column.type().storage() + " in attribute '" + attribute + "', but '" + attribute + "' is a "
          + TableBinding.describe(keyType) + " key of " + keyOf + " of DynamoDB table '" + source.name()
          + "'; declare the column with a type stored as " + keyType);
    }
    return Optional.of(KeyTemplate.ofColumn(column.name()));
  }
}
