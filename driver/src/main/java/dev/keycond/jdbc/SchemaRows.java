package dev.keycond.jdbc;

import dev.keycond.planner.schema.SqlTypes;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.TimeToLive;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.Reference;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.KeyTarget;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.schema.KeycondTypeSystem;
import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The rows DatabaseMetaData returns about keycond's tables, built from the mapping and from
 * DescribeTable: one schema, {@value KeycondSchema#NAME}, without a catalog.
 */
final class SchemaRows {
  /** The name of every table's primary key, and of the index the key forms. */
  static final String PRIMARY_KEY_NAME = "PRIMARY";
  static final String SCHEMA = KeycondSchema.NAME;

  private final KeycondSchema schema;
  /** The planner's type system, so column types read exactly as they do in query results. */
  private final RelDataTypeFactory typeFactory = new JavaTypeFactoryImpl(KeycondTypeSystem.INSTANCE);

  SchemaRows(KeycondSchema schema) {
    this.schema = schema;
  }

  /**
   * Whether a catalog argument and a schema pattern select keycond's schema. A null catalog means
   * any, and the empty string means "without a catalog", which keycond's tables are.
   */
  static boolean selectsSchema(String catalog, Predicate<String> schemaName) {
    return (catalog == null || catalog.isEmpty()) && schemaName.test(SCHEMA);
  }

  static List<Object[]> schemas(Predicate<String> schemaName) {
    return schemaName.test(SCHEMA) ? List.<Object[]>of(new Object[] {SCHEMA, null}) : List.of();
  }

  List<String> tableNames() {
    return schema.tableNames();
  }

  /** The tables whose names match, sorted by name, as JDBC orders metadata. */
  private List<EntityTable> matching(Predicate<String> tableName) {
    return schema.tableNames().stream()
        .filter(tableName)
        .sorted()
        .map(schema::table)
        .flatMap(Optional::stream)
        .toList();
  }

  /** Listing tables describes none: a raw table's name is its DynamoDB table's. */
  List<Object[]> tables(Predicate<String> tableName) {
    Map<String, EntityTable> mapped = new LinkedHashMap<>();
    schema.mappedTables().forEach(t -> mapped.put(t.name(), t));
    List<Object[]> rows = new ArrayList<>();
    for (String name : schema.tableNames().stream().filter(tableName).sorted().toList()) {
      EntityTable table = mapped.get(name);
      String remarks = table == null ? "DynamoDB table " + name + " (no mapping)" : tableRemarks(table);
      rows.add(new Object[] {null, SCHEMA, name, "TABLE", remarks, null, null, null, null, null});
    }
    return rows;
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

  List<Object[]> columns(Predicate<String> tableName, Predicate<String> columnName) {
    List<Object[]> rows = new ArrayList<>();
    for (EntityTable table : matching(tableName)) {
      List<RelDataTypeField> fields = SqlTypes.rowType(typeFactory, table).getFieldList();
      for (int i = 0; i < fields.size(); i++) {
        RelDataTypeField field = fields.get(i);
        if (!columnName.test(field.getName())) {
          continue;
        }
        RelDataType type = field.getType();
        SqlTypeName sqlType = type.getSqlTypeName();
        rows.add(new Object[] {
            null, SCHEMA, table.name(), field.getName(), JdbcTypes.code(sqlType), typeName(type),
            JdbcTypes.columnSize(sqlType, type.getPrecision()), null,
            JdbcTypes.decimalDigits(sqlType, type.getPrecision(), type.getScale()), radix(sqlType),
            type.isNullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
            columnRemarks(table, table.column(i)), null, null, null, octetLength(sqlType), i + 1,
            type.isNullable() ? "YES" : "NO", null, null, null, null, "NO", "NO"});
      }
    }
    return rows;
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
  static List<String> primaryKey(EntityTable table) {
    return keyColumns(table, table.ownKeyAttributes()).keySet().stream().toList();
  }

  /**
   * The columns of a key's templates in key order, each with whether it comes from the sort key
   * (and so is ordered) rather than the partition key.
   */
  private static Map<String, Boolean> keyColumns(EntityTable table, List<String> attributes) {
    Map<String, Boolean> columns = new LinkedHashMap<>();
    for (int i = 0; i < attributes.size(); i++) {
      boolean sorted = i > 0;
      table.template(attributes.get(i)).columns().forEach(c -> columns.putIfAbsent(c, sorted));
    }
    return columns;
  }

  List<Object[]> primaryKeys(Predicate<String> tableName) {
    List<Object[]> rows = new ArrayList<>();
    for (EntityTable table : matching(tableName)) {
      List<String> key = primaryKey(table);
      for (int i = 0; i < key.size(); i++) {
        rows.add(new Object[] {null, SCHEMA, table.name(), key.get(i), i + 1, PRIMARY_KEY_NAME});
      }
    }
    // JDBC orders primary key columns by name; KEY_SEQ keeps the key's own order.
    rows.sort(Comparator.comparing((Object[] r) -> (String) r[2]).thenComparing(r -> (String) r[3]));
    return rows;
  }

  /** The primary key as the best row identifier: it names one item, for as long as the item lives. */
  List<Object[]> bestRowIdentifier(Predicate<String> tableName) {
    List<Object[]> rows = new ArrayList<>();
    for (Object[] column : columns(tableName, name -> true)) {
      EntityTable table = schema.table((String) column[2]).orElseThrow();
      if (primaryKey(table).contains((String) column[3])) {
        rows.add(new Object[] {DatabaseMetaData.bestRowSession, column[3], column[4], column[5], column[6], null,
            column[8], DatabaseMetaData.bestRowNotPseudo});
      }
    }
    return rows;
  }

  /**
   * The table's key as its unique, clustered PRIMARY index (items are stored by partition and in
   * sort key order), then each secondary index keycond can read by, as non-unique indexes.
   */
  /** Rows ordered as JDBC specifies: by NON_UNIQUE, TYPE, INDEX_NAME, then ORDINAL_POSITION. */
  List<Object[]> indexInfo(Predicate<String> tableName, boolean uniqueOnly) {
    List<Object[]> rows = new ArrayList<>();
    for (EntityTable table : matching(tableName)) {
      List<Object[]> tableRows = new ArrayList<>();
      addIndex(tableRows, table, false, PRIMARY_KEY_NAME, DatabaseMetaData.tableIndexClustered,
          keyColumns(table, table.ownKeyAttributes()));
      if (!uniqueOnly) {
        for (KeyTarget target : table.keyTargets()) {
          if (target.index().isPresent()) {
            List<String> attributes = new ArrayList<>();
            attributes.add(target.keys().hashAttribute());
            target.keys().rangeAttribute().ifPresent(attributes::add);
            addIndex(tableRows, table, true, target.index().get().name(), DatabaseMetaData.tableIndexOther,
                keyColumns(table, attributes));
          }
        }
      }
      tableRows.sort(Comparator.<Object[], Boolean>comparing(r -> (Boolean) r[3])
          .thenComparing(r -> ((Number) r[6]).intValue())
          .thenComparing(r -> (String) r[5])
          .thenComparing(r -> ((Number) r[7]).intValue()));
      rows.addAll(tableRows);
    }
    return rows;
  }

  private static void addIndex(List<Object[]> rows, EntityTable table, boolean nonUnique, String name, int type,
      Map<String, Boolean> columns) {
    int position = 1;
    for (Map.Entry<String, Boolean> column : columns.entrySet()) {
      rows.add(new Object[] {null, SCHEMA, table.name(), nonUnique, null, name, type, position++, column.getKey(),
          column.getValue() ? "A" : null, null, null, null});
    }
  }

  /** A declared reference, from {@code fkTable}'s column to the table it refers to. */
  private record Link(EntityTable fkTable, Reference reference, EntityTable pkTable) {}

  /** References are declared in the mapping, so only mapped tables have any. */
  private List<Link> links() {
    List<Link> links = new ArrayList<>();
    for (EntityTable table : schema.mappedTables()) {
      for (Reference reference : table.mapping().references()) {
        schema.table(reference.targetTable()).ifPresent(target -> links.add(new Link(table, reference, target)));
      }
    }
    return links;
  }

  /**
   * Rows of getImportedKeys, getExportedKeys and getCrossReference for the references between the
   * matching tables: ordered by the referenced table when {@code byPrimaryTable}, else by the
   * referring one.
   */
  List<Object[]> references(Predicate<String> pkTableName, Predicate<String> fkTableName, boolean byPrimaryTable) {
    List<Object[]> rows = new ArrayList<>();
    for (Link link : links()) {
      if (!pkTableName.test(link.pkTable().name()) || !fkTableName.test(link.fkTable().name())) {
        continue;
      }
      String fkName = link.fkTable().name() + "_" + link.reference().column() + "_fkey";
      boolean toPrimaryKey = primaryKey(link.pkTable()).equals(List.of(link.reference().targetColumn()));
      rows.add(new Object[] {
          null, SCHEMA, link.pkTable().name(), link.reference().targetColumn(),
          null, SCHEMA, link.fkTable().name(), link.reference().column(), 1,
          // DynamoDB enforces no references; "no action" is the closest JDBC has to "nothing happens".
          DatabaseMetaData.importedKeyNoAction, DatabaseMetaData.importedKeyNoAction, fkName,
          toPrimaryKey ? PRIMARY_KEY_NAME : null, DatabaseMetaData.importedKeyNotDeferrable});
    }
    int table = byPrimaryTable ? 2 : 6;
    rows.sort(Comparator.comparing((Object[] r) -> (String) r[table]).thenComparing(r -> (String) r[11]));
    return rows;
  }

  /**
   * One row for each SQL type a mapping can declare, by type code; LOCAL_TYPE_NAME names the
   * DynamoDB type it is stored as (JSON columns are VARCHAR too, so VARCHAR shows S).
   */
  List<Object[]> typeInfo() {
    Set<String> seen = new LinkedHashSet<>();
    List<Object[]> rows = new ArrayList<>();
    for (ColumnType columnType : ColumnType.values()) {
      RelDataType relType = SqlTypes.sqlType(typeFactory, columnType);
      if (!seen.add(typeName(relType))) {
        continue;
      }
      SqlTypeName type = relType.getSqlTypeName();
      // The scales a CAST to the type accepts: DECIMAL(p,s) up to the type system's, TIMESTAMP(p) up to nanoseconds.
      Integer maximumScale = type == SqlTypeName.DECIMAL
          ? Integer.valueOf(typeFactory.getTypeSystem().getMaxScale(type))
          : JdbcTypes.decimalDigits(type, relType.getPrecision(), relType.getScale());
      Integer minimumScale = maximumScale == null ? null : 0;
      boolean text = type == SqlTypeName.VARCHAR || type == SqlTypeName.CHAR;
      int searchable = text ? DatabaseMetaData.typeSearchable
          : type == SqlTypeName.ARRAY ? DatabaseMetaData.typePredNone : DatabaseMetaData.typePredBasic;
      rows.add(new Object[] {
          typeName(relType), JdbcTypes.code(type), JdbcTypes.columnSize(type, relType.getPrecision()),
          literalPrefix(type), literalPrefix(type) == null ? null : "'", null, DatabaseMetaData.typeNullable, text,
          searchable, false, false, false, "DynamoDB " + columnType.storage(), minimumScale, maximumScale, null, null,
          radix(type)});
    }
    rows.sort(Comparator.comparing((Object[] r) -> (Integer) r[1]));
    return rows;
  }

  private static String literalPrefix(SqlTypeName type) {
    switch (type) {
      case CHAR:
      case VARCHAR:
        return "'";
      case BINARY:
      case VARBINARY:
        return "X'";
      case DATE:
        return "DATE '";
      case TIME:
        return "TIME '";
      case TIMESTAMP:
        return "TIMESTAMP '";
      default:
        return null;
    }
  }

  private static String typeName(RelDataType type) {
    RelDataType component = type.getComponentType();
    return component != null
        ? JdbcTypes.name(component.getSqlTypeName()) + " " + type.getSqlTypeName().getName()
        : JdbcTypes.name(type.getSqlTypeName());
  }

  private static Integer radix(SqlTypeName type) {
    return SqlTypeName.NUMERIC_TYPES.contains(type) ? 10 : null;
  }

  private static Integer octetLength(SqlTypeName type) {
    switch (type) {
      case CHAR:
      case VARCHAR:
      case BINARY:
      case VARBINARY:
        return JdbcTypes.MAX_VALUE_LENGTH;
      default:
        return null;
    }
  }
}
