package dev.keycond.planner.table;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.Constant;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Binds a mapped table to its DynamoDB table: checks that the mapping fits the key schema that
 * DescribeTable reports, completes it with the templates it implies, and names the table and field
 * at fault when it does not fit, because the person reading the error is editing the mapping.
 */
public final class TableBinding {
  private TableBinding() {}

  /**
   * Binds a mapped table to its DynamoDB table and checks that the mapping fits the key schema.
   *
   * @param neighbours the mapping's tables (this one among them), to learn whether another table
   *     of the same source may have items with this table's keys
   * @throws KeycondException with {@link SqlState#INVALID_MAPPING} naming the table and field
   */
  public static EntityTable bind(TableMapping declared, SourceTable source, Collection<TableMapping> neighbours) {
    checkKeysAreKeyAttributes(declared, source);
    checkNoTemplateInMultiAttributeKeys(declared, source);
    TableMapping mapping = ImpliedKeys.complete(declared, source);
    KeySchema keys = source.keys();
    for (String attribute : keys.attributes()) {
      if (mapping.keyTemplate(attribute).isEmpty()) {
        throw invalid(mapping, "keys", "has no template for '" + attribute + "', the "
            + (attribute.equals(keys.hashAttribute()) ? "partition" : "sort") + " key of DynamoDB table '"
            + source.name() + "'; add \"" + attribute + "\": \"...\" to \"keys\"");
      }
    }
    for (Map.Entry<String, KeyTemplate> key : mapping.keys().entrySet()) {
      checkKeyType(mapping, source, key.getKey(), key.getValue());
    }
    mapping.sharding().ifPresent(sharding -> {
      if (!mapping.keys().get(keys.hashAttribute()).columns().contains(sharding.column())) {
        throw invalid(mapping, "shard.column", "column '" + sharding.column() + "' must be a slot of the partition "
            + "key template '" + mapping.keys().get(keys.hashAttribute()) + "' of DynamoDB table '" + source.name()
            + "', since shards are partitions");
      }
    });
    mapping.hierarchy().ifPresent(h -> {
      KeyTemplate sortTemplate = keys.rangeAttribute().map(mapping.keys()::get).orElse(null);
      List<Slot> slots = sortTemplate == null ? List.of() : sortTemplate.slots();
      boolean pathIsLastSlot = !slots.isEmpty()
          && slots.get(slots.size() - 1).column().equals(h.pathColumn())
          && sortTemplate.segments().get(sortTemplate.segments().size() - 1) instanceof Slot;
      if (!pathIsLastSlot) {
        throw invalid(mapping, "hierarchy.path", "column '" + h.pathColumn()
            + "' must be the last part of the sort key template, so that a subtree is one key range");
      }
    });
    boolean keysShared = neighbours.stream().anyMatch(other -> !other.name().equals(mapping.name())
        && other.source().equals(mapping.source())
        && keys.attributes().stream().allMatch(a -> other.keyTemplate(a)
            .map(t -> t.mayMatchSameKey(mapping.keys().get(a))).orElse(true)));
    EntityTable table = new EntityTable(mapping, source, false, Optional.empty(), keysShared);
    checkKeysOnlyColumns(table);
    checkConstants(table);
    return table;
  }

  /**
   * A column kept only in key templates ({@code "attribute": null}) must be in one that every item
   * of the table holds while the column has a value: its own key, or an index key whose other
   * template columns are own key columns, which are never NULL. A NULL in any other column of an
   * index's templates leaves the index's key attributes out of the item, and the column's value
   * would be lost with them.
   */
  private static void checkKeysOnlyColumns(EntityTable table) {
    TableMapping mapping = table.mapping();
    for (Column column : mapping.columns()) {
      if (column.storage() != Column.Storage.KEYS_ONLY || table.isKeyColumn(column.name())) {
        continue;
      }
      String field = "columns." + column.name();
      if (!(table.readFrom(column) instanceof ColumnSource.KeySlot slot)) {
        throw invalid(mapping, field, "is kept only in key templates (\"attribute\": null), but no template under "
            + "\"keys\" uses it; put it in a template, or give it an attribute");
      }
      List<SourceIndex> indexes = table.source().indexes().stream()
          .filter(i -> i.keys().isKeyAttribute(slot.attribute())).toList();
      boolean alwaysWritten = indexes.stream().anyMatch(index -> index.keys().attributes().stream().allMatch(a ->
          mapping.keyTemplate(a).map(t -> t.columns().stream()
              .allMatch(c -> c.equals(column.name()) || table.isKeyColumn(c))).orElse(false)));
      if (!alwaysWritten) {
        throw invalid(mapping, field, "is kept only in '" + slot.attribute() + "' = '" + slot.template()
            + "' (\"attribute\": null), but " + indexes.stream().map(i -> "index '" + i.name() + "'").toList()
            + " also " + (indexes.size() == 1 ? "needs" : "need") + " columns that may be NULL, or keys that "
            + "\"keys\" does not map; a NULL there leaves '" + slot.attribute() + "' out of the item, and the "
            + "column's value with it. Keep the column in an attribute as well (leave out \"attribute\": null)");
      }
    }
  }

  /**
   * A constant must be an ordinary attribute: a key attribute is computed by its template, and a
   * column stored in the attribute would be a second value for it.
   */
  private static void checkConstants(EntityTable table) {
    TableMapping mapping = table.mapping();
    for (Constant constant : mapping.constants().values()) {
      String field = "constants." + constant.attribute();
      if (table.source().isKeyAttribute(constant.attribute())) {
        throw invalid(mapping, field, "is a key attribute of DynamoDB table '" + table.source().name()
            + "' or of its indexes (" + describeKeyAttributes(table.source()) + "); a key cannot be a constant");
      }
      for (Column column : mapping.columns()) {
        if (table.storedAttribute(column).filter(constant.attribute()::equals).isPresent()) {
          throw invalid(mapping, field, "is attribute '" + constant.attribute() + "', which column '" + column.name()
              + "' is stored in; give the column another attribute, or drop the constant");
        }
      }
    }
  }

  /**
   * A template for an attribute that is no key attribute would never be read, and is most likely a
   * misspelt index key attribute, which would leave the index silently unused.
   */
  private static void checkKeysAreKeyAttributes(TableMapping mapping, SourceTable source) {
    for (String attribute : mapping.keys().keySet()) {
      if (!source.isKeyAttribute(attribute)) {
        throw invalid(mapping, "keys." + attribute, "is a template for '" + attribute
            + "', which is no key attribute of DynamoDB table '" + source.name() + "' or of its indexes; "
            + "the key attributes are " + describeKeyAttributes(source));
      }
    }
  }

  /**
   * A multi-attribute key is what a design uses instead of a key concatenated from values: each of
   * its attributes holds one value of its own type as it is, so its column is the column stored in
   * it, and a template would write and look for text that the design's other clients never put
   * there. An attribute the table's own key shares keeps that key's template.
   */
  private static void checkNoTemplateInMultiAttributeKeys(TableMapping mapping, SourceTable source) {
    for (SourceIndex index : source.indexes()) {
      if (!index.keys().isMultiAttribute()) {
        continue;
      }
      for (String attribute : index.keys().attributes()) {
        if (mapping.keys().containsKey(attribute) && !source.keys().isKeyAttribute(attribute)) {
          throw invalid(mapping, "keys." + attribute, "is template '" + mapping.keys().get(attribute) + "', but '"
              + attribute + "' is an attribute of the multi-attribute key of index '" + index.name()
              + "' of DynamoDB table '" + source.name() + "' (partition key " + String.join(", ", index.keys()
              .partitionAttributes()) + "; sort key " + String.join(", ", index.keys().sortAttributes())
              + "), whose attributes hold values as they are, "
              + "without templates; remove it from \"keys\" and store a column in attribute '" + attribute + "'");
        }
      }
    }
  }

  /** Such as "PK and SK of the table, GSI1PK of index 'ByParent'". */
  private static String describeKeyAttributes(SourceTable source) {
    List<String> keys = new ArrayList<>();
    keys.add(String.join(" and ", source.keys().attributes()) + " of the table");
    for (SourceIndex index : source.indexes()) {
      keys.add(String.join(" and ", index.keys().attributes()) + " of index '" + index.name() + "'");
    }
    return String.join(", ", keys);
  }

  private static void checkKeyType(TableMapping mapping, SourceTable source, String attribute, KeyTemplate template) {
    AttributeType type = source.keyAttributeType(attribute);
    if (type == AttributeType.S) {
      if (template.isIdentity()) {
        ColumnType columnType = mapping.column(template.columns().get(0)).orElseThrow().type();
        if (columnType == ColumnType.VARBINARY) {
          throw invalid(mapping, "keys." + attribute, "stores binary column '" + template.columns().get(0)
              + "' in '" + attribute + "', which is a string (S) key");
        }
      }
      return;
    }
    String field = "keys." + attribute;
    if (!template.isIdentity()) {
      throw invalid(mapping, field, "template '" + template + "' builds text, but '" + attribute
          + "' is a " + describe(type) + " key; use a single column such as '{id}'");
    }
    Column column = mapping.column(template.columns().get(0)).orElseThrow();
    boolean fits = type == AttributeType.N ? column.type().isNumeric() : column.type() == ColumnType.VARBINARY;
    if (!fits) {
      throw invalid(mapping, field, "column '" + column.name() + "' is " + column.type() + ", but '"
          + attribute + "' is a " + describe(type) + " key");
    }
  }

  /** A key attribute type as messages name it, such as "number (N)". */
  static String describe(AttributeType keyType) {
    switch (keyType) {
      case N:
        return "number (N)";
      case B:
        return "binary (B)";
      default:
        return "string (S)";
    }
  }

  static KeycondException invalid(TableMapping mapping, String field, String problem) {
    return new KeycondException(SqlState.INVALID_MAPPING,
        "Invalid mapping: table '" + mapping.name() + "', field '" + field + "' " + problem);
  }
}
