package dev.keycond.jdbc;

import dev.keycond.planner.schema.SqlTypes;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.Reference;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.KeyTarget;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.schema.SchemaDescription;
import dev.keycond.planner.schema.SchemaDescription.DescribedColumn;
import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The rows DatabaseMetaData returns about keycond's tables, from the {@link SchemaDescription} that
 * the SQL INFORMATION_SCHEMA presents too: one schema, {@value KeycondSchema#NAME}, without a catalog.
 */
final class SchemaRows {
  static final String PRIMARY_KEY_NAME = SchemaDescription.PRIMARY_KEY_NAME;
  static final String SCHEMA = KeycondSchema.NAME;

  private final KeycondSchema schema;
  private final SchemaDescription description;
  private final RelDataTypeFactory typeFactory;

  SchemaRows(KeycondSchema schema) {
    this.schema = schema;
    this.description = new SchemaDescription(schema);
    this.typeFactory = description.typeFactory();
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

  /** Listing tables describes none: a raw table's name is its DynamoDB table's. */
  List<Object[]> tables(Predicate<String> tableName) {
    return description.tables(tableName).stream()
        .map(t -> new Object[] {null, SCHEMA, t.name(), "TABLE", t.remarks(), null, null, null, null, null})
        .toList();
  }

  List<Object[]> columns(Predicate<String> tableName, Predicate<String> columnName) {
    List<Object[]> rows = new ArrayList<>();
    for (DescribedColumn column : description.columns(tableName, columnName)) {
      RelDataType type = column.type();
      SqlTypeName sqlType = type.getSqlTypeName();
      rows.add(new Object[] {
          null, SCHEMA, column.table().name(), column.name(), JdbcTypes.code(sqlType), typeName(type),
          JdbcTypes.columnSize(sqlType, type.getPrecision()), null,
          JdbcTypes.decimalDigits(sqlType, type.getPrecision(), type.getScale()), radix(sqlType),
          type.isNullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
          column.remarks(), null, null, null, octetLength(sqlType), column.ordinal(),
          type.isNullable() ? "YES" : "NO", null, null, null, null, "NO", "NO"});
    }
    return rows;
  }

  List<Object[]> primaryKeys(Predicate<String> tableName) {
    List<Object[]> rows = new ArrayList<>();
    for (EntityTable table : description.described(tableName)) {
      List<String> key = SchemaDescription.primaryKey(table);
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
      if (SchemaDescription.primaryKey(table).contains((String) column[3])) {
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
    for (EntityTable table : description.described(tableName)) {
      List<Object[]> tableRows = new ArrayList<>();
      addIndex(tableRows, table, false, PRIMARY_KEY_NAME, DatabaseMetaData.tableIndexClustered,
          SchemaDescription.keyColumns(table, table.ownKeyAttributes()));
      if (!uniqueOnly) {
        for (KeyTarget target : table.keyTargets()) {
          if (target.index().isPresent()) {
            addIndex(tableRows, table, true, target.index().get().name(), DatabaseMetaData.tableIndexOther,
                SchemaDescription.keyColumns(table, target.keys().attributes()));
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
      boolean toPrimaryKey =
          SchemaDescription.primaryKey(link.pkTable()).equals(List.of(link.reference().targetColumn()));
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
