package dev.keycond.planner.table;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import java.util.ArrayList;
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
   * @throws KeycondException with {@link SqlState#INVALID_MAPPING} naming the table and field
   */
  public static EntityTable bind(TableMapping declared, SourceTable source) {
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
    return new EntityTable(mapping, source, false, Optional.empty());
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
