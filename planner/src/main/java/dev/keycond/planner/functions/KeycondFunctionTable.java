package dev.keycond.planner.functions;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.validate.SqlNameMatcher;

/**
 * Functions found as SQL's are: an unquoted name in any case ({@code path_depth} is {@code PATH_DEPTH},
 * as {@code upper} is {@code UPPER}), a quoted one as written, and, for keycond's own functions,
 * qualified by the schema that {@code DatabaseMetaData.getFunctions} lists them in
 * ({@code dynamodb.PATH_DEPTH}). Table and column names stay case-sensitive: only a function's name
 * is matched so.
 */
public final class KeycondFunctionTable implements SqlOperatorTable {
  private final Optional<String> schema;
  private final List<SqlOperator> functions;

  /** @param schema the schema a qualified call may name; none for functions only ever called by name */
  public KeycondFunctionTable(Optional<String> schema, List<SqlOperator> functions) {
    this.schema = schema;
    this.functions = List.copyOf(functions);
  }

  @Override
  public void lookupOperatorOverloads(SqlIdentifier opName, SqlFunctionCategory category, SqlSyntax syntax,
      List<SqlOperator> operatorList, SqlNameMatcher nameMatcher) {
    if (syntax != SqlSyntax.FUNCTION || opName.names.isEmpty() || opName.names.size() > 2
        || (opName.names.size() == 2 && !schema.equals(Optional.of(opName.names.get(0))))) {
      return;
    }
    int last = opName.names.size() - 1;
    String name = opName.names.get(last);
    boolean quoted = opName.isComponentQuoted(last);
    for (SqlOperator function : functions) {
      if (quoted ? function.getName().equals(name)
          : function.getName().equals(name.toUpperCase(Locale.ROOT))) {
        operatorList.add(function);
      }
    }
  }

  @Override
  public List<SqlOperator> getOperatorList() {
    return functions;
  }
}
