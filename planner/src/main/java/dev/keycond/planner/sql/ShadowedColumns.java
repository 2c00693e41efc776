package dev.keycond.planner.sql;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.schema.KeycondSchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlNameMatchers;

/**
 * Columns that a statement names as functions: SQL reads {@code current_date},
 * {@code current_timestamp}, {@code localtime} and the like, written without parentheses or
 * quotes, as its function, never as a column, even when a table the statement reads has a column
 * of that name. Such a statement runs, with today's date where the column's values were most likely
 * meant, so it is warned.
 */
public final class ShadowedColumns {
  private ShadowedColumns() {}

  /**
   * One warning per such column of a table the parsed statement reads or writes.
   *
   * @param operators the functions the statement's names are looked up in, as the validator does
   */
  public static ImmutableList<String> warnings(SqlNode statement, KeycondSchema schema, SqlOperatorTable operators) {
    Set<String> bare = new LinkedHashSet<>();
    statement.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlIdentifier identifier) {
        if (identifier.isSimple() && !identifier.isComponentQuoted(0)) {
          bare.add(identifier.getSimple().toUpperCase(Locale.ROOT));
        }
        return null;
      }
    });
    Set<String> tables = new LinkedHashSet<>();
    StatementTables.of(statement).references().forEach(reference -> tables.add(reference.table()));
    StatementTables.target(statement).ifPresent(tables::add);
    ImmutableList.Builder<String> warnings = ImmutableList.builder();
    for (String table : tables) {
      schema.mappedTable(table).stream().flatMap(t -> t.columns().stream()).map(Column::name)
          .filter(column -> bare.contains(column.toUpperCase(Locale.ROOT)) && isFunction(column, operators))
          .forEach(column -> warnings.add(column.toLowerCase(Locale.ROOT) + " is SQL's "
              + column.toUpperCase(Locale.ROOT) + " function here, not column '" + column + "' of table '" + table
              + "': written without parentheses or quotes, it is never a column; quote the column to read it (\""
              + column + "\")"));
    }
    return warnings.build();
  }

  /** Whether the validator reads the bare name as a function: one it calls without parentheses. */
  private static boolean isFunction(String name, SqlOperatorTable operators) {
    List<SqlOperator> found = new ArrayList<>();
    operators.lookupOperatorOverloads(new SqlIdentifier(name, SqlParserPos.ZERO), null, SqlSyntax.FUNCTION_ID, found,
        SqlNameMatchers.withCaseSensitive(false));
    return found.stream().anyMatch(operator -> operator.getSyntax() == SqlSyntax.FUNCTION_ID);
  }
}
