package dev.keycond.planner.sql;

import com.google.common.base.Suppliers;
import dev.keycond.planner.plan.BoundStatements;
import dev.keycond.planner.sql.StatementTables.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlMerge;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * A statement's text as the user wrote it, with the positions the parser found for its query
 * blocks, so that advice can add a condition to the block that reads a table and keep everything
 * else as written: {@code SELECT * FROM files WHERE path LIKE 'root/%'} becomes
 * {@code SELECT * FROM files WHERE account = <account> AND path LIKE 'root/%'}. Editing the text
 * rather than unparsing the tree keeps the user's names, literals, layout and comments.
 */
public final class WrittenStatement implements BoundStatements {
  /** A query block that reads tables: its FROM references, its WHERE, and where a WHERE would go. */
  private record Block(List<Reference> references, Optional<SqlNode> where, List<SqlNode> beforeWhere) {}

  private final String sql;
  private final Supplier<SqlNode> parsed;

  /**
   * @param parse parses {@code sql} afresh (validation rewrites a tree in place); called at most
   *     once, and only when advice is asked for
   */
  public WrittenStatement(String sql, Supplier<SqlNode> parse) {
    this.sql = sql;
    this.parsed = Suppliers.memoize(parse::get);
  }

  @Override
  public List<String> bind(String table, List<String> columns) {
    SqlNode statement = parsed.get();
    // Advice about an EXPLAIN is the statement it explains, to run.
    int start = statement instanceof SqlExplain explain ? offset(span(List.of(explain.getExplicandum()))) : 0;
    List<Block> blocks = blocks(statement);
    boolean qualified = blocks.stream().mapToInt(block -> block.references().size()).sum() > 1;
    List<String> statements = new ArrayList<>();
    for (Block block : blocks) {
      for (Reference reference : block.references()) {
        // A reference whose key the WHERE already binds (one side of a self-join) is not the read that needs the Scan.
        if (reference.table().equals(table) && !binds(block, reference, columns, qualified)) {
          String condition = columns.stream()
              .map(column -> (qualified ? SqlIdentifiers.qualified(reference.name(), column)
                  : SqlIdentifiers.quote(column)) + " = " + BoundStatements.placeholder(column))
              .collect(Collectors.joining(" AND "));
          statements.add(withCondition(block, condition).substring(start));
        }
      }
    }
    return statements;
  }

  /** Whether the block's WHERE equates each of the columns of the reference with something, at its top level. */
  private static boolean binds(Block block, Reference reference, List<String> columns, boolean qualified) {
    List<SqlNode> conjuncts = block.where().map(SqlConjuncts::of).orElse(List.of());
    return columns.stream().allMatch(column -> conjuncts.stream().anyMatch(conjunct ->
        conjunct.getKind() == SqlKind.EQUALS && ((SqlCall) conjunct).getOperandList().stream().anyMatch(operand ->
            operand instanceof SqlIdentifier id && names(id, reference, column, qualified))));
  }

  private static boolean names(SqlIdentifier id, Reference reference, String column, boolean qualified) {
    List<String> names = id.names;
    return names.size() == 2 ? names.get(0).equalsIgnoreCase(reference.name()) && names.get(1).equalsIgnoreCase(column)
        : !qualified && names.size() == 1 && names.get(0).equalsIgnoreCase(column);
  }

  private String withCondition(Block block, String condition) {
    if (block.where().isEmpty()) {
      int end = balancedEnd(span(block.beforeWhere()));
      return sql.substring(0, end) + " WHERE " + condition + sql.substring(end);
    }
    SqlNode where = block.where().get();
    SqlParserPos span = span(List.of(where));
    int start = offset(span);
    if (where.getKind() != SqlKind.OR) {
      return sql.substring(0, start) + condition + " AND " + sql.substring(start);
    }
    int end = balancedEnd(span);
    return sql.substring(0, start) + condition + " AND (" + sql.substring(start, end) + ")" + sql.substring(end);
  }

  /** The query blocks of the statement: its SELECTs, subqueries included, and the target of a DELETE or UPDATE. */
  private static List<Block> blocks(SqlNode statement) {
    List<Block> blocks = new ArrayList<>();
    statement.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlCall call) {
        if (call instanceof SqlMerge merge) {
          // Its UPDATE and INSERT branches take no WHERE; only the query of its source does.
          return merge.getSourceTableRef().accept(this);
        }
        if (call instanceof SqlSelect select && select.getFrom() != null) {
          blocks.add(new Block(StatementTables.referencesOf(select.getFrom()), Optional.ofNullable(select.getWhere()),
              List.of(select.getFrom())));
        } else if (call instanceof SqlDelete delete) {
          blocks.add(new Block(target(delete.getTargetTable(), delete.getAlias()),
              Optional.ofNullable(delete.getCondition()), present(delete.getTargetTable(), delete.getAlias())));
        } else if (call instanceof SqlUpdate update) {
          blocks.add(new Block(target(update.getTargetTable(), update.getAlias()),
              Optional.ofNullable(update.getCondition()),
              present(update.getTargetTable(), update.getAlias(), update.getSourceExpressionList())));
        }
        return super.visit(call);
      }
    });
    return blocks;
  }

  private static List<Reference> target(SqlNode table, SqlNode alias) {
    return StatementTables.referencesOf(alias == null ? table
        : SqlStdOperatorTable.AS.createCall(SqlParserPos.ZERO, table, alias));
  }

  private static List<SqlNode> present(SqlNode... nodes) {
    List<SqlNode> present = new ArrayList<>();
    for (SqlNode node : nodes) {
      if (node != null) {
        present.add(node);
      }
    }
    return present;
  }

  /** Where the nodes are written, from their first character to their last. */
  private static SqlParserPos span(List<SqlNode> nodes) {
    List<SqlParserPos> positions = new ArrayList<>();
    for (SqlNode node : nodes) {
      collectPositions(node, positions);
    }
    return SqlParserPos.sum(positions);
  }

  private static void collectPositions(SqlNode node, List<SqlParserPos> positions) {
    if (node == null) {
      return;
    }
    if (node.getParserPosition().getLineNum() > 0) {
      positions.add(node.getParserPosition());
    }
    if (node instanceof SqlNodeList list) {
      list.forEach(element -> collectPositions(element, positions));
    } else if (node instanceof SqlCall call) {
      call.getOperandList().forEach(operand -> collectPositions(operand, positions));
    }
  }

  /**
   * The offset just past the span, and past the closing parentheses of those it opens: the parser
   * places a parenthesized subquery or list without its closing parenthesis.
   */
  private int balancedEnd(SqlParserPos span) {
    int start = offset(span);
    int end = offset(span.getEndLineNum(), span.getEndColumnNum()) + 1;
    int depth = 0;
    char quote = 0;
    for (int i = start; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        if (depth == 0) {
          return Math.max(end, start);
        }
        depth--;
      }
      if (i + 1 >= end && depth == 0 && quote == 0) {
        return i + 1;
      }
    }
    return sql.length();
  }

  /** Where the span starts in the text. */
  private int offset(SqlParserPos span) {
    return TextPosition.offset(sql, span.getLineNum(), span.getColumnNum());
  }

  private int offset(int line, int column) {
    return TextPosition.offset(sql, line, column);
  }
}
