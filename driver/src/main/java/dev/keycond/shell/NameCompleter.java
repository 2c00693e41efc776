package dev.keycond.shell;

import dev.keycond.planner.sql.SqlIdentifiers;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab completion of table and column names in SQL, from the first keystroke: after FROM or JOIN
 * the tables; elsewhere the columns of the tables the statement names (before or after the
 * cursor), or of every table while it names none, then the tables, next to sqlline's keywords and
 * functions; after {@code w.} the columns of the table {@code w} stands for. sqlline itself offers
 * table names only after {@code !rehash}, and columns only as {@code table.column}. Lines that
 * start with {@code !} are sqlline commands, completed by sqlline.
 */
final class NameCompleter implements Completer {
  /** The characters of the name being typed: letters, digits, dots between parts, quotes. */
  private static final String NAME_CHARACTERS = "_$@.\"";

  private final Completer sqlline;
  private final Supplier<Optional<Connection>> connection;
  private Connection namesOf;
  private TableNames names;

  NameCompleter(Completer sqlline, Supplier<Optional<Connection>> connection) {
    this.sqlline = sqlline;
    this.connection = connection;
  }

  @Override
  public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
    List<Candidate> theirs = new ArrayList<>();
    sqlline.complete(reader, line, theirs);
    Optional<TableNames> tableNames = tableNames();
    if (line.line().stripLeading().startsWith("!") || tableNames.isEmpty()) {
      candidates.addAll(theirs);
      return;
    }
    String word = line.word().substring(0, line.wordCursor());
    int nameStart = word.length();
    while (nameStart > 0 && isNameCharacter(word.charAt(nameStart - 1))) {
      nameStart--;
    }
    String lead = word.substring(0, nameStart);
    String typed = word.substring(nameStart);
    StatementText statement = StatementText.of(line.line());
    int typedAt = line.cursor() - typed.length();
    List<Candidate> ours;
    try {
      ours = candidates(tableNames.get(), statement, lead, typed, typedAt);
    } catch (SQLException e) {
      // A connection that fails to list its tables completes as sqlline alone would.
      candidates.addAll(theirs);
      return;
    }
    boolean tablePosition = statement.isTablePosition(typedAt) && !typed.contains(".");
    boolean oursMatch = ours.stream().anyMatch(c -> c.value().startsWith(word));
    if (!(tablePosition && oursMatch)) {
      Set<String> values = new LinkedHashSet<>();
      ours.forEach(c -> values.add(c.value()));
      theirs.stream().filter(c -> !values.contains(c.value())).forEach(ours::add);
    }
    candidates.addAll(ours);
  }

  private static boolean isNameCharacter(char c) {
    return Character.isLetterOrDigit(c) || NAME_CHARACTERS.indexOf(c) >= 0;
  }

  private List<Candidate> candidates(TableNames tables, StatementText statement, String lead, String typed,
      int typedAt) throws SQLException {
    List<Candidate> candidates = new ArrayList<>();
    List<String> all = tables.tables();
    int dot = typed.lastIndexOf('.');
    if (dot > 0) {
      String qualifierAsTyped = typed.substring(0, dot + 1);
      String qualifier = unquoted(typed.substring(0, dot));
      Optional<String> table = statement.tableNamed(qualifier).or(() -> Optional.of(qualifier).filter(all::contains));
      if (table.isPresent()) {
        for (String column : tables.columns(table.get())) {
          candidates.add(candidate(lead + qualifierAsTyped + SqlIdentifiers.quote(column), column, Kind.COLUMN));
        }
      } else if (tables.schemas().contains(qualifier)) {
        for (String name : all) {
          candidates.add(candidate(lead + qualifierAsTyped + SqlIdentifiers.quote(name), name, Kind.TABLE));
        }
      }
      return candidates;
    }
    if (!statement.isTablePosition(typedAt)) {
      List<String> named = statement.tables().stream().map(StatementText.TableReference::table)
          .filter(all::contains).distinct().toList();
      Set<String> columns = new LinkedHashSet<>();
      for (String table : named.isEmpty() ? all : named) {
        columns.addAll(tables.columns(table));
      }
      for (String column : columns) {
        candidates.add(candidate(lead + SqlIdentifiers.quote(column), column, Kind.COLUMN));
      }
    }
    for (String name : all) {
      candidates.add(candidate(lead + SqlIdentifiers.quote(name), name, Kind.TABLE));
    }
    return candidates;
  }

  private static String unquoted(String name) {
    return name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")
        ? name.substring(1, name.length() - 1).replace("\"\"", "\"") : name;
  }

  /** What a name is, as the list of candidates shows it, and where it is listed: before sqlline's keywords. */
  private enum Kind {
    COLUMN("column", -2),
    TABLE("table", -1);

    private final String description;
    private final int order;

    Kind(String description, int order) {
      this.description = description;
      this.order = order;
    }
  }

  /** A name offered whole: accepting it adds a space after it. */
  private static Candidate candidate(String value, String name, Kind kind) {
    return new Candidate(value, name, null, kind.description, null, null, true, kind.order);
  }

  /** The names of the current connection, read again when it changes. */
  private Optional<TableNames> tableNames() {
    Optional<Connection> current = connection.get();
    if (current.isEmpty()) {
      return Optional.empty();
    }
    if (current.get() != namesOf) {
      try {
        names = new TableNames(current.get().getMetaData());
        namesOf = current.get();
      } catch (SQLException e) {
        return Optional.empty();
      }
    }
    return Optional.of(names);
  }
}
