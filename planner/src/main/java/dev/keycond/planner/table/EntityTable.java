package dev.keycond.planner.table;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.Constant;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A SQL table over the items of one entity in a DynamoDB table: a mapped table bound to what
 * DescribeTable says of its source, or a DynamoDB table exposed raw. It knows which columns are
 * decoded from the table's own key attributes, which are stored in attributes of their own, and
 * which key schemas it can be read by. It is built only by {@link TableBinding} (which checks the
 * mapping against the source) and {@link RawTables}, so every instance fits its source.
 */
public final class EntityTable {
  private final TableMapping mapping;
  private final SourceTable source;
  private final boolean raw;
  /** For {@code "table@index"}: the only index this table reference may read by. */
  private final Optional<SourceIndex> pinnedIndex;
  /** Column name to the own key attribute (partition or sort key) it is decoded from. */
  private final ImmutableMap<String, String> keyColumns;
  /** Per column, in the table's order, where a read finds its value. */
  private final ImmutableList<ColumnSource> columnSources;
  private final ImmutableList<String> ownKeyAttributes;
  private final ImmutableList<Integer> partitionColumns;
  private final ImmutableList<KeyTarget> keyTargets;
  /** Whether another mapped table of the same source may have items with keys of this table's templates. */
  private final boolean keysShared;

  /**
   * @param pinnedIndex for {@code "table@index"}: the only index this table reference may read by
   * @param keysShared whether another mapped table of the same source may have items with keys of
   *     this table's templates, which only its constants then tell apart
   */
  EntityTable(TableMapping mapping, SourceTable source, boolean raw, Optional<SourceIndex> pinnedIndex,
      boolean keysShared) {
    this.mapping = mapping;
    this.keysShared = keysShared;
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
    this.columnSources = mapping.columns().stream().map(this::sourceOf).collect(ImmutableList.toImmutableList());
    this.partitionColumns = mapping.keys().get(source.keys().hashAttribute()).columns().stream()
        .map(mapping::columnIndex).collect(ImmutableList.toImmutableList());
    this.keyTargets = keyTargets(mapping, source, pinnedIndex);
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
          + String.join(" or ", index.keys().attributes().stream().filter(a -> mapping.keyTemplate(a).isEmpty())
              .toList())
          + (index.keys().isMultiAttribute() ? "; store a column in it" : "; add it under \"keys\""));
    }
    return new EntityTable(mapping, source, raw, Optional.of(index), keysShared);
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

  /** The attributes a read fetches for a column: a key attribute, its own attribute, or both. */
  public List<String> attributesOf(Column column) {
    return readFrom(column).attributes();
  }

  /**
   * Where a read finds a column's value: a slot of a key template, an attribute of its own, or its
   * attribute and then a slot of an index key template.
   */
  public ColumnSource readFrom(Column column) {
    return columnSources.get(columnIndex(column.name()));
  }

  /**
   * The attribute a write keeps the column's value in as it is, besides the key templates that hold
   * it: none for a column of the table's own key (unless its mapping declares a stored copy) or one
   * that lives only in key templates.
   */
  public Optional<String> storedAttribute(Column column) {
    switch (column.storage()) {
      case DECLARED:
        return Optional.of(column.attribute());
      case KEYS_ONLY:
        return Optional.empty();
      default:
        return isKeyColumn(column.name()) ? Optional.empty() : Optional.of(column.attribute());
    }
  }

  /**
   * Whether the table's items carry constants: an item with one of its keys but without them is
   * another entity's (mapped or not), which reads skip and writes must never change or replace.
   */
  public boolean hasConstants() {
    return !mapping.constants().isEmpty();
  }

  /**
   * What a message says of a key an INSERT found taken: a row of this table has it, or, when its
   * items share their keys with other tables' (told apart by constants), an item that may be either.
   */
  public String takenKey(String describedKey) {
    return hasConstants() ? "key " + describedKey + " of table '" + name() + "' is taken by an item, a row of '"
        + name() + "' or of another table whose items share its keys"
        : "table '" + name() + "' already has a row with key " + describedKey;
  }

  /**
   * The constants a Query or Scan asks DynamoDB to check (in its FilterExpression): all of them
   * when another mapped table may have items with this table's keys, which only the constants tell
   * apart; none when the keys alone separate the entities (the driver checks them on every item
   * all the same).
   */
  public List<Constant> filteredConstants() {
    return keysShared ? List.copyOf(mapping.constants().values()) : List.of();
  }

  /** Whether a read takes the column from an attribute that holds its value as it is. */
  public boolean readsStoredValue(Column column) {
    return readFrom(column) instanceof ColumnSource.Stored;
  }

  /**
   * Whether a read takes the column's value from its attribute, else from an index key: an item
   * another client wrote may hold it in the key alone.
   */
  public boolean readsStoredValueThenIndexKey(Column column) {
    return readFrom(column) instanceof ColumnSource.StoredThenKeySlot;
  }

  /**
   * Whether a read takes the column's value from attributes of {@code keys} alone, so that a key
   * condition on them is a condition on the value the read decodes. Otherwise an item whose
   * attributes disagree (written by another client) can be found by a key value it does not read as.
   */
  public boolean readsFromKeyOf(Column column, KeySchema keys) {
    return readFrom(column).attributes().stream().allMatch(keys::isKeyAttribute);
  }

  /**
   * A column decoded from the table's own key; else one kept only in key templates, decoded from the
   * first index key template that holds it (the binding checks there is one); else its attribute,
   * and, for a column of an index key template, that template when an item lacks the attribute.
   */
  private ColumnSource sourceOf(Column column) {
    Optional<String> own = keyAttributeOf(column.name());
    if (own.isPresent()) {
      KeyTemplate template = mapping.keys().get(own.get());
      return new ColumnSource.KeySlot(own.get(), template, template.columns().indexOf(column.name()), true);
    }
    Optional<ColumnSource.KeySlot> indexKey = mapping.keys().entrySet().stream()
        .filter(key -> key.getValue().columns().contains(column.name()) && !key.getKey().equals(column.attribute()))
        .findFirst()
        .map(key -> new ColumnSource.KeySlot(key.getKey(), key.getValue(),
            key.getValue().columns().indexOf(column.name()), false));
    if (column.storage() == Column.Storage.KEYS_ONLY && indexKey.isPresent()) {
      return indexKey.get();
    }
    if (column.isWholeItem() || indexKey.isEmpty()) {
      return new ColumnSource.Stored(column.attribute());
    }
    return new ColumnSource.StoredThenKeySlot(column.attribute(), indexKey.get());
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
      if (index.keys().attributes().stream().allMatch(a -> mapping.keyTemplate(a).isPresent())) {
        targets.add(new KeyTarget(Optional.of(index), index.keys()));
      }
    }
    return ImmutableList.copyOf(targets);
  }

  @Override
  public String toString() {
    return "EntityTable(" + mapping.name() + " over " + source.name() + ")";
  }
}
