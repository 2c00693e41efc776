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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.CompatibilityLookup;
import org.apache.calcite.schema.lookup.Lookup;

/**
 * The SQL tables of a connection: every mapped table, and every DynamoDB table that no mapped table
 * reads from, exposed raw. Mapped tables are checked against DescribeTable when the connection
 * opens; raw ones are described the first time a statement uses them.
 */
public final class KeycondSchema extends AbstractSchema {
  public static final String NAME = "dynamodb";

  private final DynamoCatalog catalog;
  private final ImmutableMap<String, EntityTable> mapped;
  private final Set<String> rawNames;
  private final Map<String, EntityTable> raw = new ConcurrentHashMap<>();
  private final Map<String, EntityTable> pinned = new ConcurrentHashMap<>();
  private final Map<String, EntitySqlTable> sqlTables = new ConcurrentHashMap<>();

  private KeycondSchema(DynamoCatalog catalog, ImmutableMap<String, EntityTable> mapped, Set<String> rawNames) {
    this.catalog = catalog;
    this.mapped = mapped;
    this.rawNames = rawNames;
  }

  /**
   * Lists the DynamoDB tables and binds every mapped table.
   *
   * @param catalog the catalog {@link DynamoCatalog#connecting connecting}, whose deadline bounds
   *     these requests; the schema keeps it {@link DynamoCatalog#connected connected}
   *
   * @throws dev.keycond.planner.error.KeycondException when the mapping does not fit the tables,
   *     naming the table and field, or DynamoDB cannot be reached
   */
  public static KeycondSchema open(DynamoCatalog catalog, Mapping mapping) {
    List<String> tables = catalog.listTables();
    Map<String, EntityTable> mapped = new LinkedHashMap<>();
    for (TableMapping table : mapping.tables().values()) {
      if (!tables.contains(table.source())) {
        throw new KeycondException(SqlState.INVALID_MAPPING,
            "Invalid mapping: table '" + table.name() + "', field 'source' names DynamoDB table '" + table.source()
                + "', which does not exist" + (tables.isEmpty() ? "" : "; the tables are " + tables));
      }
      mapped.put(table.name(), TableBinding.bind(table, catalog.describe(table.source())));
    }
    Set<String> rawNames = new TreeSet<>(tables);
    rawNames.removeAll(mapping.sources());
    rawNames.removeAll(mapped.keySet());
    return new KeycondSchema(catalog.connected(), ImmutableMap.copyOf(mapped), rawNames);
  }

  /** A schema without tables, for statements over VALUES alone. */
  public static KeycondSchema empty() {
    return new KeycondSchema(null, ImmutableMap.of(), Set.of());
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
    if (rawNames.contains(name)) {
      return Optional.of(raw.computeIfAbsent(name, n -> RawTables.of(catalog.describe(n))));
    }
    int at = name.lastIndexOf('@');
    if (at > 0) {
      return table(name.substring(0, at)).map(base -> pinned.computeIfAbsent(name,
          n -> base.pinnedTo(name.substring(at + 1))));
    }
    return Optional.empty();
  }

  /** The mapped tables, in mapping order; looking them up sends no request. */
  public List<EntityTable> mappedTables() {
    return List.copyOf(mapped.values());
  }

  /** Every table name: mapped tables first, in mapping order, then raw tables by name. */
  public List<String> tableNames() {
    List<String> names = new ArrayList<>(mapped.keySet());
    names.addAll(rawNames);
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
