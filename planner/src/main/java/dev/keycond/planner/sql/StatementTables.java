package dev.keycond.planner.sql;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlMerge;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * The tables a statement names in its FROM clauses, subqueries and common table expressions
 * included, each with the name the statement gives it: its alias, or its own name.
 */
public final class StatementTables {
  /**
   * A table as the statement names it; {@code table} is the name of a table or of a WITH query, and
   * {@code schema} the part before it when the statement qualifies it ({@code dynamodb.files}).
   */
  record Reference(String table, String name, Optional<String> schema) {}

  private final ImmutableList<Reference> references;

  private StatementTables(List<Reference> references) {
    this.references = ImmutableList.copyOf(references);
  }

  /** The references of a parsed or validated statement. */
  public static StatementTables of(SqlNode statement) {
    List<Reference> references = new ArrayList<>();
    statement.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlCall call) {
        if (call instanceof SqlSelect select && select.getFrom() != null) {
          collect(select.getFrom(), references);
        }
        return super.visit(call);
      }
    });
    return new StatementTables(references);
  }

  /** The table an INSERT, UPDATE, DELETE or MERGE writes; empty for a query. */
  static Optional<String> target(SqlNode statement) {
    SqlNode table = statement instanceof SqlInsert insert ? insert.getTargetTable()
        : statement instanceof SqlUpdate update ? update.getTargetTable()
        : statement instanceof SqlDelete delete ? delete.getTargetTable()
        : statement instanceof SqlMerge merge ? merge.getTargetTable() : null;
    return table instanceof SqlIdentifier identifier ? Optional.of(tableName(identifier)) : Optional.empty();
  }

  /** The references of one FROM clause, joins included, without those of its subqueries. */
  static List<Reference> referencesOf(SqlNode from) {
    List<Reference> references = new ArrayList<>();
    collect(from, references);
    return references;
  }

  private static void collect(SqlNode from, List<Reference> references) {
    if (from instanceof SqlJoin join) {
      collect(join.getLeft(), references);
      collect(join.getRight(), references);
    } else if (from.getKind() == SqlKind.AS && ((SqlCall) from).operand(0) instanceof SqlIdentifier table) {
      references.add(new Reference(tableName(table), last(((SqlCall) from).operand(1)), schema(table)));
    } else if (from instanceof SqlIdentifier table) {
      references.add(new Reference(tableName(table), last(table), schema(table)));
    }
  }

  private static Optional<String> schema(SqlIdentifier identifier) {
    return identifier.names.size() > 1 ? Optional.of(identifier.names.get(identifier.names.size() - 2))
        : Optional.empty();
  }

  /** The table an identifier in FROM names: its last part, without the {@code @index} that pins an index. */
  private static String tableName(SqlIdentifier identifier) {
    String name = last(identifier);
    int at = name.lastIndexOf('@');
    return at > 0 ? name.substring(0, at) : name;
  }

  private static String last(SqlNode node) {
    SqlIdentifier identifier = (SqlIdentifier) node;
    return identifier.names.get(identifier.names.size() - 1);
  }

  ImmutableList<Reference> references() {
    return references;
  }

  /** The table a name in the statement stands for: an alias, or a table's own name. */
  Optional<String> tableNamed(String name) {
    return references.stream().filter(r -> r.name().equals(name)).map(Reference::table).findFirst();
  }
}
