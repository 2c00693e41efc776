package dev.keycond.planner.sql;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.schema.InformationSchema;
import dev.keycond.planner.schema.KeycondSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlNode;

/**
 * The message for a table or column name the validator cannot resolve: where it is, what is not
 * found, the nearest name when there is one ({@code did you mean 'path'?}), and that names are
 * case-sensitive, in place of Calcite's wording. An ambiguous column gets the qualified names that
 * would resolve it.
 */
public final class UnknownNames {
  /** Tables listed in a message about an unknown table; a real account can have hundreds. */
  private static final int LISTED_TABLES = 20;

  private static final Pattern OBJECT =
      Pattern.compile("Object '(.+?)' not found(?: within '.+?')?(?:; did you mean '.+?'\\?)?");
  private static final Pattern QUALIFIER = Pattern.compile("Table '(.+?)' not found(?:; did you mean '.+?'\\?)?");
  private static final Pattern COLUMN =
      Pattern.compile("Column '(.+?)' not found in (?:any table|table '(.+?)')(?:; did you mean '.+?'\\?)?");
  private static final Pattern AMBIGUOUS = Pattern.compile("Column '(.+?)' is ambiguous");
  /** A column an INSERT's column list or an UPDATE's SET clause names that its table lacks. */
  private static final Pattern TARGET_COLUMN = Pattern.compile("Unknown target column '(.+?)'");

  private final KeycondSchema schema;
  private final StatementTables tables;
  private final Optional<String> target;

  private UnknownNames(KeycondSchema schema, StatementTables tables, Optional<String> target) {
    this.schema = schema;
    this.tables = tables;
    this.target = target;
  }

  /** The error for a validation failure about a name, if it is one. */
  public static Optional<KeycondException> of(CalciteContextException e, KeycondSchema schema, SqlNode statement) {
    String reason = e.getCause() == null ? e.getMessage() : e.getCause().getMessage();
    String message = e.getMessage();
    String where = message.endsWith(reason) ? message.substring(0, message.length() - reason.length()) : "";
    return new UnknownNames(schema, StatementTables.of(statement), StatementTables.target(statement)).explain(reason)
        .map(explained -> new KeycondException(explained.state(), where + explained.text(), e));
  }

  private record Explained(SqlState state, String text) {}

  private Optional<Explained> explain(String reason) {
    Matcher m = OBJECT.matcher(reason);
    if (m.matches()) {
      return Optional.of(new Explained(SqlState.UNKNOWN_TABLE, unknownTable(m.group(1))));
    }
    m = QUALIFIER.matcher(reason);
    if (m.matches()) {
      return Optional.of(new Explained(SqlState.UNKNOWN_TABLE, unknownQualifier(m.group(1))));
    }
    m = COLUMN.matcher(reason);
    if (m.matches()) {
      return Optional.of(new Explained(SqlState.UNKNOWN_COLUMN, unknownColumn(m.group(1), m.group(2))));
    }
    m = TARGET_COLUMN.matcher(reason);
    if (m.matches() && target.isPresent()) {
      String table = target.get();
      return Optional.of(new Explained(SqlState.UNKNOWN_COLUMN, "Column '" + m.group(1) + "' not found in table '"
          + table + "'" + suggestion(m.group(1), columnsOf(table)) + " Names are case-sensitive."));
    }
    m = AMBIGUOUS.matcher(reason);
    if (m.matches()) {
      return Optional.of(new Explained(SqlState.SYNTAX_ERROR, ambiguous(m.group(1))));
    }
    return Optional.empty();
  }

  private String unknownTable(String name) {
    if (KeycondSchema.NAME.equalsIgnoreCase(name)) {
      // The first part of a qualified name, meant as the schema, in other letters.
      return "Schema '" + name + "' not found; did you mean '" + KeycondSchema.NAME + "'? Names are case-sensitive.";
    }
    Optional<StatementTables.Reference> inSchema = tables.references().stream()
        .filter(r -> r.schema().filter(name::equals).isPresent()).findFirst();
    if (inSchema.isPresent() && name.equalsIgnoreCase(InformationSchema.NAME)) {
      return "View '" + inSchema.get().table() + "' not found in " + InformationSchema.NAME + "; its views are "
          + list(InformationSchema.VIEWS.stream().sorted().toList()) + ".";
    }
    if (inSchema.isPresent()) {
      return "Schema '" + name + "' not found: the tables are in schema '" + KeycondSchema.NAME + "' (write "
          + inSchema.get().table() + " or " + KeycondSchema.NAME + "." + inSchema.get().table() + "), and "
          + InformationSchema.NAME + " has views of them. Names are case-sensitive.";
    }
    List<String> names = schema.tableNames();
    String listed = names.size() <= LISTED_TABLES ? list(names)
        : String.join(", ", names.subList(0, LISTED_TABLES)) + " and " + (names.size() - LISTED_TABLES) + " more";
    return "Table '" + name + "' not found" + suggestion(name, names) + " The tables are " + listed
        + " (names are case-sensitive).";
  }

  /** A name before a dot ({@code q.path}) that is neither an alias nor a table of the statement. */
  private String unknownQualifier(String name) {
    List<String> names = tables.references().stream().map(StatementTables.Reference::name).distinct().toList();
    return "Table '" + name + "' not found" + suggestion(name, names)
        + (names.isEmpty() ? "" : " The statement names its tables " + list(names) + ".")
        + " Names are case-sensitive.";
  }

  /** @param table the name the column was qualified with, or null when it was not */
  private String unknownColumn(String name, String table) {
    Set<String> columns = new LinkedHashSet<>();
    List<String> tableNames = table == null
        ? tables.references().stream().map(StatementTables.Reference::table).toList()
        : tables.tableNamed(table).map(List::of).orElse(List.of());
    for (String tableName : tableNames) {
      columns.addAll(columnsOf(tableName));
    }
    return "Column '" + name + "' not found in " + (table == null ? "any table" : "table '" + table + "'")
        + suggestion(name, columns) + " Names are case-sensitive.";
  }

  private String ambiguous(String column) {
    List<String> written = new ArrayList<>();
    for (StatementTables.Reference reference : tables.references()) {
      if (columnsOf(reference.table()).contains(column)) {
        written.add(SqlIdentifiers.qualified(reference.name(), column));
      }
    }
    return "Column '" + column + "' is ambiguous" + (written.isEmpty() ? "." : "; write " + or(written) + ".");
  }

  private List<String> columnsOf(String table) {
    return schema.table(table).map(EntityTable::columns).orElse(List.of()).stream().map(Column::name).toList();
  }

  /** "; did you mean 'path'?", or a full stop when no name is near. */
  private static String suggestion(String name, Collection<String> candidates) {
    List<String> nearest = NearestNames.to(name, candidates);
    return nearest.isEmpty() ? "."
        : "; did you mean " + or(nearest.stream().map(n -> "'" + n + "'").toList()) + "?";
  }

  private static String or(List<String> items) {
    return items.size() == 1 ? items.get(0)
        : String.join(", ", items.subList(0, items.size() - 1)) + " or " + items.get(items.size() - 1);
  }

  private static String list(List<String> items) {
    return items.size() == 1 ? items.get(0)
        : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
  }
}
