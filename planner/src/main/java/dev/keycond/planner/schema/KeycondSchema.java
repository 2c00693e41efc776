package dev.keycond.planner.schema;

import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.gateway.DynamoCatalog;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.Mapping;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.RawTables;
import dev.keycond.planner.table.TableBinding;
import dev.keycond.planner.source.SourceTable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.CompatibilityLookup;
import org.apache.calcite.schema.lookup.Lookup;

/**
 * The SQL tables of a connection: every mapped table, and every DynamoDB table that no mapped table
 * reads from, exposed raw. Mapped tables are checked against DescribeTable when the connection
 * opens; raw ones are listed (or the list another connection of the JVM made within the reuse time
 * is taken), and described, the first time a statement uses them.
 */
public final class KeycondSchema extends AbstractSchema {
  public static final String NAME = "dynamodb";

  private final DynamoCatalog catalog;
  private final ImmutableMap<String, EntityTable> mapped;
  private final RawTableNames rawNames;
  private final Map<String, EntityTable> raw = new ConcurrentHashMap<>();
  private final Map<String, EntityTable> pinned = new ConcurrentHashMap<>();
  private final Map<String, EntitySqlTable> sqlTables = new ConcurrentHashMap<>();

  private KeycondSchema(DynamoCatalog catalog, ImmutableMap<String, EntityTable> mapped,
      RawTableNames rawNames) {
    this.catalog = catalog;
    this.mapped = mapped;
    this.rawNames = rawNames;
  }

  /**
   * Binds every mapped table to what DescribeTable says of its source, the sources described side
   * by side. The account's other tables are listed (ListTables) only when something needs them: a
   * statement naming a table the mapping does not, or the catalog's table list. A mapping without
   * tables lists them here, so that connecting still asks the endpoint something.
   *
   * @param catalog the catalog {@link DynamoCatalog#connecting connecting}, whose deadline bounds
   *     these requests; the schema keeps it {@link DynamoCatalog#connected connected}
   *
   * @throws dev.keycond.planner.error.KeycondException when the mapping does not fit the tables,
   *     naming the table and field, or DynamoDB cannot be reached
   */
  public static KeycondSchema open(DynamoCatalog catalog, Mapping mapping) {
    Map<String, Optional<SourceTable>> sources = catalog.findAll(
        mapping.tables().values().stream().map(TableMapping::source).distinct().toList());
    Map<String, EntityTable> mapped = new LinkedHashMap<>();
    for (TableMapping table : mapping.tables().values()) {
      SourceTable source = sources.get(table.source()).orElseThrow(() -> missingSource(catalog, table));
      mapped.put(table.name(), TableBinding.bind(table, source, mapping.tables().values()));
    }
    DynamoCatalog connected = catalog.connected();
    Set<String> notRaw = new HashSet<>(mapping.sources());
    notRaw.addAll(mapped.keySet());
    RawTableNames rawNames = mapped.isEmpty()
        ? RawTableNames.listedNow(catalog, notRaw)
        : RawTableNames.whenNeeded(connected, notRaw);
    return new KeycondSchema(connected, ImmutableMap.copyOf(mapped), rawNames);
  }

  private static KeycondException missingSource(DynamoCatalog catalog, TableMapping table) {
    List<String> tables = catalog.listTables();
    return new KeycondException(SqlState.INVALID_MAPPING,
        "Invalid mapping: table '" + table.name() + "', field 'source' names DynamoDB table '" + table.source()
            + "', which does not exist" + (tables.isEmpty() ? "" : "; the tables are " + tables));
  }

  /** A schema without tables, for statements over VALUES alone. */
  public static KeycondSchema empty() {
    return new KeycondSchema(null, ImmutableMap.of(), RawTableNames.NONE);
  }

  /** A schema of one table, bound already, that never asks DynamoDB for another. */
  public static KeycondSchema of(EntityTable table) {
    return new KeycondSchema(null, ImmutableMap.of(table.name(), table), RawTableNames.NONE);
  }

  /**
   * A table by name; {@code table@index} is the table read only through that index, which is how a
   * statement chooses an index explicitly.
   */
  public Optional<EntityTable> table(String name) {
    EntityTable table = mapped.get(name);
    if (table != null) {
      return Optional.of(table);
    }
    if (name.indexOf('@') < 0 && rawNames.contains(name)) {
      return Optional.of(raw.computeIfAbsent(name, n -> RawTables.of(catalog.describe(n))));
    }
    int at = name.lastIndexOf('@');
    if (at > 0) {
      return table(name.substring(0, at)).map(base -> pinned.computeIfAbsent(name,
          n -> base.pinnedTo(name.substring(at + 1))));
    }
    return Optional.empty();
  }

  /** A table the mapping declares, by name; looking it up sends no request. */
  public Optional<EntityTable> mappedTable(String name) {
    return Optional.ofNullable(mapped.get(name));
  }

  /** The mapped tables, in mapping order; looking them up sends no request. */
  public List<EntityTable> mappedTables() {
    return List.copyOf(mapped.values());
  }

  /** Every table name: mapped tables first, in mapping order, then raw tables by name. */
  public List<String> tableNames() {
    List<String> names = new ArrayList<>(mapped.keySet());
    names.addAll(rawNames.all());
    return names;
  }

  /** Looks tables up by name without describing the raw ones that are not asked for. */
  @Override
  public Lookup<Table> tables() {
    // Keyed by the name looked up: "files@ByParent" is another table than "files" of the same name.
    return new CompatibilityLookup<>(
        name -> table(name).map(t -> sqlTables.computeIfAbsent(name, n -> new EntitySqlTable(t))).orElse(null),
        () -> new LinkedHashSet<>(tableNames()));
  }
}
