package dev.keycond.planner.schema;

import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.TimeToLive;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * What a connection's tables are, as metadata shows them: their names, remarks, columns with their
 * types, and primary keys, built from the mapping and DescribeTable. JDBC's DatabaseMetaData and the
 * SQL INFORMATION_SCHEMA both present these, so a tool sees the same tables either way.
 */
public final class SchemaDescription {
  /** The name of every table's primary key, and of the index the key forms. */
  public static final String PRIMARY_KEY_NAME = "PRIMARY";

  private final KeycondSchema schema;
  /** The planner's type system, so column types read exactly as they do in query results. */
  private final RelDataTypeFactory typeFactory = new JavaTypeFactoryImpl(KeycondTypeSystem.INSTANCE);

  public SchemaDescription(KeycondSchema schema) {
    this.schema = schema;
  }

  /** A table by name: its mapping when it has one, with the remarks that say how it is stored. */
  public record DescribedTable(String name, Optional<EntityTable> mapped, String remarks) {}

  /** A column of a table, numbered from 1. */
  public record DescribedColumn(EntityTable table, int ordinal, String name, RelDataType type, String remarks) {}

  public KeycondSchema schema() {
    return schema;
  }

  public RelDataTypeFactory typeFactory() {
    return typeFactory;
  }

  /** The tables whose names match, sorted by name, as JDBC orders metadata; listing them describes none. */
  public List<DescribedTable> tables(Predicate<String> tableName) {
    Map<String, EntityTable> mapped = new LinkedHashMap<>();
    schema.mappedTables().forEach(t -> mapped.put(t.name(), t));
    List<DescribedTable> tables = new ArrayList<>();
    for (String name : schema.tableNames().stream().filter(tableName).sorted().toList()) {
      Optional<EntityTable> table = Optional.ofNullable(mapped.get(name));
      tables.add(new DescribedTable(name, table,
          table.map(SchemaDescription::tableRemarks).orElse("DynamoDB table " + name + " (no mapping)")));
    }
    return tables;
  }

  /** The tables whose names match, sorted by name, each described (a raw table by DescribeTable). */
  public List<EntityTable> described(Predicate<String> tableName) {
    return schema.tableNames().stream()
        .filter(tableName)
        .sorted()
        .map(schema::table)
        .flatMap(Optional::stream)
        .toList();
  }

  /** The matching columns of the matching tables, by table name, then in the table's order. */
  public List<DescribedColumn> columns(Predicate<String> tableName, Predicate<String> columnName) {
    List<DescribedColumn> columns = new ArrayList<>();
    for (EntityTable table : described(tableName)) {
      List<RelDataTypeField> fields = SqlTypes.rowType(typeFactory, table).getFieldList();
      for (int i = 0; i < fields.size(); i++) {
        RelDataTypeField field = fields.get(i);
        if (columnName.test(field.getName())) {
          columns.add(new DescribedColumn(table, i + 1, field.getName(), field.getType(),
              columnRemarks(table, table.column(i))));
        }
      }
    }
    return columns;
  }

  private static String tableRemarks(EntityTable table) {
    return "DynamoDB table " + table.source().name() + ", items with " + table.ownKeyAttributes().stream()
        .map(a -> a + " = " + table.template(a).text())
        .collect(Collectors.joining(", "))
        + table.source().timeToLive().map(ttl -> "; " + timeToLiveRemarks(ttl)).orElse("");
  }

  /** What a table's time to live means for its rows. */
  private static String timeToLiveRemarks(TimeToLive ttl) {
    return "time to live in attribute " + ttl.attribute()
        + ": items whose time has passed are left out unless expiredItems=show";
  }

  /** Where a column's value lives, such as {@code PK via DRIVE#{account} (partition key)}. */
  private static String columnRemarks(EntityTable table, Column column) {
    Optional<String> keyAttribute = table.keyAttributeOf(column.name());
    if (keyAttribute.isPresent()) {
      return keyRemarks(table, keyAttribute.get());
    }
    List<String> parts = new ArrayList<>();
    KeyTemplate own = table.mapping().keys().get(column.attribute());
    if (column.isWholeItem()) {
      parts.add("the whole item, as JSON");
    } else if (own == null || !own.isIdentity()) {
      parts.add("attribute " + column.attribute() + storageRemarks(column.type()));
    }
    table.mapping().keys().forEach((attribute, template) -> {
      if (template.columns().contains(column.name())) {
        parts.add(keyRemarks(table, attribute));
      }
    });
    table.source().timeToLive()
        .filter(ttl -> column.isWholeItem() || ttl.attribute().equals(column.attribute()))
        .ifPresent(ttl -> parts.add(timeToLiveRemarks(ttl)));
    return String.join("; ", parts);
  }

  /** How a value is stored when its SQL type does not say: JSON documents and sets. */
  private static String storageRemarks(ColumnType type) {
    switch (type.storage()) {
      case DOCUMENT:
        return ", as JSON";
      case SS:
      case NS:
      case BS:
        return " (" + type.storage() + ")";
      default:
        return "";
    }
  }

  private static String keyRemarks(EntityTable table, String attribute) {
    KeyTemplate template = table.template(attribute);
    String role;
    if (table.source().keys().hashAttribute().equals(attribute)) {
      role = "partition key";
    } else if (table.source().keys().isKeyAttribute(attribute)) {
      role = "sort key";
    } else {
      List<String> indexes = table.source().indexes().stream()
          .filter(i -> i.keys().isKeyAttribute(attribute))
          .map(SourceIndex::name)
          .toList();
      role = indexes.isEmpty() ? "index key" : "key of index " + String.join(", ", indexes);
    }
    return attribute + (template.isIdentity() ? "" : " via " + template.text()) + " (" + role + ")";
  }

  /** The columns of a table's primary key: those of the partition key's template, then the sort key's. */
  public static List<String> primaryKey(EntityTable table) {
    return keyColumns(table, table.ownKeyAttributes()).keySet().stream().toList();
  }

  /**
   * The columns of a key's templates in key order, each with whether it comes from the sort key
   * (and so is ordered) rather than the partition key.
   */
  public static Map<String, Boolean> keyColumns(EntityTable table, List<String> attributes) {
    Map<String, Boolean> columns = new LinkedHashMap<>();
    for (int i = 0; i < attributes.size(); i++) {
      boolean sorted = i > 0;
      table.template(attributes.get(i)).columns().forEach(c -> columns.putIfAbsent(c, sorted));
    }
    return columns;
  }
}
