package dev.keycond.planner.schema;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.dynamo.KeySchema;
import dev.keycond.planner.dynamo.SourceIndex;
import dev.keycond.planner.dynamo.SourceTable;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import dev.keycond.planner.rel.DynamoRead;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A SQL table over the items of one entity in a DynamoDB table: a mapped table, or a DynamoDB
 * table exposed raw. It knows which columns are decoded from the table's own key attributes and
 * which are stored in attributes of their own.
 */
public final class EntityTable extends AbstractTable implements TranslatableTable {
  /** DynamoDB numbers carry up to 38 significant digits. */
  public static final int DECIMAL_PRECISION = 38;
  /**
   * The scale Calcite reasons with for an N column. Values are never rounded to it (they keep their
   * own scale), so metadata reports no scale for this type (see {@link KeycondTypeSystem#isNumberType}).
   */
  public static final int DECIMAL_SCALE = 10;
  /** ISO-8601 strings may carry nanoseconds, and a stored value is never cut: TIMESTAMP(9). */
  public static final int TIMESTAMP_PRECISION = 9;

  private final TableMapping mapping;
  private final SourceTable source;
  private final boolean raw;
  /** For {@code "table@index"}: the only index this table reference may read by. */
  private final Optional<SourceIndex> pinnedIndex;
  /** Column name to the own key attribute (partition or sort key) it is decoded from. */
  private final ImmutableMap<String, String> keyColumns;
  private final ImmutableList<String> ownKeyAttributes;
  private final ImmutableList<Integer> partitionColumns;
  private final ImmutableList<KeyTarget> keyTargets;

  private EntityTable(TableMapping mapping, SourceTable source, boolean raw, Optional<SourceIndex> pinnedIndex) {
    this.mapping = mapping;
    this.source = source;
    this.raw = raw;
    this.pinnedIndex = pinnedIndex;
    ImmutableList.Builder<String> ownKeys = ImmutableList.<String>builder().add(source.keys().hashAttribute());
    source.keys().rangeAttribute().ifPresent(ownKeys::add);
    this.ownKeyAttributes = ownKeys.build();
    Map<String, String> keyColumns = new LinkedHashMap<>();
    for (String attribute : ownKeyAttributes) {
      for (String column : mapping.keys().get(attribute).columns()) {
        keyColumns.putIfAbsent(column, attribute);
      }
    }
    this.keyColumns = ImmutableMap.copyOf(keyColumns);
    this.partitionColumns = mapping.keys().get(source.keys().hashAttribute()).columns().stream()
        .map(mapping::columnIndex).collect(ImmutableList.toImmutableList());
    this.keyTargets = keyTargets(mapping, source, pinnedIndex);
  }

  /**
   * Binds a mapped table to its DynamoDB table and checks that the mapping fits the key schema.
   *
   * @throws KeycondException with {@link SqlState#INVALID_MAPPING} naming the table and field
   */
  public static EntityTable bind(TableMapping declared, SourceTable source) {
    checkKeysAreKeyAttributes(declared, source);
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

  /** The column of a raw table that holds each whole item as JSON, unless a key attribute has that name. */
  public static final String DOCUMENT_COLUMN = "document";

  /**
   * Exposes a DynamoDB table without a mapping: the key attributes of the table and of its indexes
   * become typed columns, and every attribute can be reached through a JSON column holding the
   * whole item ({@code document}, or {@code _document} when a key attribute is called that).
   */
  public static EntityTable raw(SourceTable source) {
    Map<String, Column> columns = new LinkedHashMap<>();
    List<KeySchema> schemas = new ArrayList<>();
    schemas.add(source.keys());
    source.indexes().forEach(i -> schemas.add(i.keys()));
    for (KeySchema schema : schemas) {
      for (String attribute : schema.attributes()) {
        columns.computeIfAbsent(attribute, a -> new Column(a, rawType(source.keyAttributeType(a)), a));
      }
    }
    String document = columns.containsKey(DOCUMENT_COLUMN) ? "_" + DOCUMENT_COLUMN : DOCUMENT_COLUMN;
    columns.put(document, new Column(document, ColumnType.JSON, Column.WHOLE_ITEM));
    // Each key attribute is a column of its own name, so the implied templates are the whole mapping.
    TableMapping mapping = ImpliedKeys.complete(new TableMapping(source.name(), source.name(),
        ImmutableList.copyOf(columns.values()), ImmutableMap.of(), Optional.empty(), ImmutableList.of()), source);
    return new EntityTable(mapping, source, true, Optional.empty());
  }

  private static ColumnType rawType(AttributeType type) {
    switch (type) {
      case N:
        return ColumnType.DECIMAL;
      case B:
        return ColumnType.VARBINARY;
      default:
        return ColumnType.VARCHAR;
    }
  }

  /**
   * This table read only through one index, as {@code "table@index"} asks.
   *
   * @throws KeycondException when the source has no such index, or the mapping cannot compute its keys
   */
  public EntityTable pinnedTo(String indexName) {
    SourceIndex index = source.index(indexName).orElseThrow(() -> new KeycondException(SqlState.UNKNOWN_TABLE,
        "Table '" + name() + "' has no index '" + indexName + "'; the indexes of DynamoDB table '" + source.name()
            + "' are " + source.indexes().stream().map(SourceIndex::name).toList()));
    boolean mapped = keyTargets().stream().anyMatch(t -> t.index().filter(index::equals).isPresent());
    if (!mapped) {
      throw new KeycondException(SqlState.UNKNOWN_TABLE, "Table '" + name() + "' cannot read index '" + indexName
          + "': the mapping of '" + name() + "' has no template for the index's key attribute "
          + index.keys().hashAttribute() + index.keys().rangeAttribute().map(r -> " or " + r).orElse("")
          + "; add it under \"keys\"");
    }
    return new EntityTable(mapping, source, raw, Optional.of(index));
  }

  public String name() {
    return mapping.name();
  }

  /** The index a {@code "table@index"} reference reads by; empty for the table itself. */
  public Optional<SourceIndex> pinnedIndex() {
    return pinnedIndex;
  }

  public TableMapping mapping() {
    return mapping;
  }

  public SourceTable source() {
    return source;
  }

  public boolean isRaw() {
    return raw;
  }

  public List<Column> columns() {
    return mapping.columns();
  }

  public Column column(int index) {
    return mapping.columns().get(index);
  }

  public int columnIndex(String name) {
    return mapping.columnIndex(name);
  }

  /** The table's own key attributes: partition key, then sort key. */
  public ImmutableList<String> ownKeyAttributes() {
    return ownKeyAttributes;
  }

  /** The columns the partition key is composed of; rows with different values are in different partitions. */
  public ImmutableList<Integer> partitionColumns() {
    return partitionColumns;
  }

  public KeyTemplate template(String attribute) {
    return mapping.keys().get(attribute);
  }

  /**
   * Whether every item is a row as far as this key attribute goes: its template is a bare column,
   * and either the attribute is a number or binary key, which holds the column's value itself (a
   * value of the wrong kind there is an error, as in any attribute), or the column is VARCHAR. A
   * string key of another template, or over another type, has texts that are no row's key: their
   * items belong to another entity, and a read by that attribute may return items that are no rows.
   */
  public boolean acceptsEveryKey(String attribute) {
    KeyTemplate template = template(attribute);
    return template.isIdentity() && (source.keyAttributeType(attribute) != AttributeType.S
        || mapping.column(template.columns().get(0)).orElseThrow().type() == ColumnType.VARCHAR);
  }

  /** The own key attribute a column is decoded from, if it is a key column. */
  public Optional<String> keyAttributeOf(String column) {
    return Optional.ofNullable(keyColumns.get(column));
  }

  public boolean isKeyColumn(String column) {
    return keyColumns.containsKey(column);
  }

  /** The attribute holding a column's value in an item: its key attribute or its own attribute. */
  public String attributeOf(Column column) {
    return keyAttributeOf(column.name()).orElse(column.attribute());
  }

  /**
   * The key schemas keycond may read by: the table's own, then each index whose keys the mapping can
   * compute; only the pinned index for {@code "table@index"}.
   */
  public ImmutableList<KeyTarget> keyTargets() {
    return keyTargets;
  }

  private static ImmutableList<KeyTarget> keyTargets(TableMapping mapping, SourceTable source,
      Optional<SourceIndex> pinnedIndex) {
    if (pinnedIndex.isPresent()) {
      return ImmutableList.of(new KeyTarget(pinnedIndex, pinnedIndex.get().keys()));
    }
    List<KeyTarget> targets = new ArrayList<>();
    targets.add(new KeyTarget(Optional.empty(), source.keys()));
    for (SourceIndex index : source.indexes()) {
      boolean mapped = mapping.keyTemplate(index.keys().hashAttribute()).isPresent()
          && index.keys().rangeAttribute().map(r -> mapping.keyTemplate(r).isPresent()).orElse(true);
      if (mapped) {
        targets.add(new KeyTarget(Optional.of(index), index.keys()));
      }
    }
    return ImmutableList.copyOf(targets);
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    RelDataTypeFactory.Builder builder = typeFactory.builder();
    for (Column column : mapping.columns()) {
      builder.add(column.name(), sqlType(typeFactory, column.type())).nullable(!isKeyColumn(column.name()));
    }
    return builder.build();
  }

  public static RelDataType sqlType(RelDataTypeFactory typeFactory, ColumnType type) {
    SqlTypeName name = type.sqlType();
    switch (name) {
      case ARRAY:
        return typeFactory.createArrayType(sqlType(typeFactory, type.elementType()), -1);
      case DECIMAL:
        return numberType(typeFactory);
      case TIMESTAMP:
        return typeFactory.createSqlType(name, TIMESTAMP_PRECISION);
      default:
        return typeFactory.createSqlType(name);
    }
  }

  /** The type of an N column that is not declared BIGINT, INTEGER or DOUBLE. */
  public static RelDataType numberType(RelDataTypeFactory typeFactory) {
    return typeFactory.createSqlType(SqlTypeName.DECIMAL, DECIMAL_PRECISION, DECIMAL_SCALE);
  }

  @Override
  public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    return DynamoRead.create(context.getCluster(), relOptTable, this);
  }

  @Override
  public String toString() {
    return "EntityTable(" + mapping.name() + " over " + source.name() + ")";
  }
}
