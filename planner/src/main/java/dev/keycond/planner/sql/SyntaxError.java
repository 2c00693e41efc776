package dev.keycond.planner.sql;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.impl.ParseException;
import org.apache.calcite.sql.parser.impl.SqlParserImplConstants;
import org.apache.calcite.sql.parser.impl.Token;

/**
 * The message for a statement the parser cannot read, in the user's words rather than the
 * parser's: where it is, the word at fault and, when one is close, the keyword meant; at the end
 * of the text, what was expected; for a reserved word used as a name, how to quote it.
 */
public final class SyntaxError {
  /** The words a statement can start with. */
  private static final List<String> STATEMENT_STARTS =
      List.of("SELECT", "WITH", "VALUES", "INSERT", "UPSERT", "UPDATE", "DELETE", "MERGE", "EXPLAIN");
  /** More expected tokens than this read as the parser's grammar, not as help. */
  private static final int MOST_EXPECTED = 8;
  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");
  private static final Pattern NAMED_KEYWORD = Pattern.compile("^Incorrect syntax near the keyword '([A-Z_]+)'");
  /** Keywords that join a statement's parts, never a name the statement meant. */
  private static final Set<String> STRUCTURE = Set.of("SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "ON", "JOIN",
      "GROUP", "ORDER", "BY", "HAVING", "SET", "VALUES", "INTO", "AS", "IN", "IS", "LIKE", "BETWEEN", "UNION", "LIMIT",
      "OFFSET", "FETCH", "WITH", "CASE", "WHEN", "THEN", "ELSE", "END", "NULL", "EXISTS", "DISTINCT", "ALL");

  /** The statement's first two words, past blanks and comments. */
  private static final Pattern FIRST_WORDS = Pattern.compile(
      "\\A(?:\\s|--[^\\n]*(?:\\n|\\z)|/\\*.*?\\*/)*([A-Za-z]+)(?:\\s+([A-Za-z]+))?", Pattern.DOTALL);
  private static final Pattern FOR_UPDATE = Pattern.compile("FOR\\s+UPDATE\\b", Pattern.CASE_INSENSITIVE);
  private static final Set<String> DDL = Set.of("CREATE", "ALTER", "DROP", "TRUNCATE", "RENAME", "COMMENT", "GRANT",
      "REVOKE");
  private static final Set<String> TRANSACTION_CONTROL = Set.of("BEGIN", "START", "COMMIT", "ROLLBACK", "SAVEPOINT",
      "RELEASE", "END");

  private SyntaxError() {}

  public static KeycondException of(String sql, SqlParser parser, SqlParseException e) {
    Optional<KeycondException> unsupported = statementKeycondDoesNotRun(sql, e);
    if (unsupported.isPresent()) {
      return unsupported.get();
    }
    String message = e.getMessage();
    int expecting = message.indexOf("Was expecting");
    if (expecting > 0) {
      message = message.substring(0, expecting).trim();
    }
    if (e.getPos() == null) {
      return new KeycondException(SqlState.SYNTAX_ERROR, "Syntax error: " + message, e);
    }
    String where = " at line " + e.getPos().getLineNum() + ", column " + e.getPos().getColumnNum();
    Optional<ParseException> cause = e.getCause() instanceof ParseException p && p.currentToken != null
        && p.expectedTokenSequences != null ? Optional.of(p) : Optional.empty();
    if (message.startsWith("Non-query expression encountered in illegal context")) {
      // The parser read an unknown first word as an expression.
      String word = wordAt(sql, e.getPos());
      return new KeycondException(SqlState.SYNTAX_ERROR, "Syntax error" + where + ": '" + word
          + "' cannot start a statement" + meant(word, STATEMENT_STARTS) + "; a statement starts with "
          + String.join(", ", STATEMENT_STARTS), e);
    }
    if (cause.isPresent() && cause.get().currentToken.next != null
        && cause.get().currentToken.next.kind == SqlParserImplConstants.EOF) {
      return new KeycondException(SqlState.SYNTAX_ERROR, "Syntax error" + where + ": the statement ends after '"
          + cause.get().currentToken.image + "', where the parser expected " + expected(cause.get()), e);
    }
    String at = message.contains("line ") ? "" : where;
    String hint = cause.map(c -> reservedWordHint(parser, c)).orElseGet(() -> keywordHint(sql, parser, e));
    return new KeycondException(SqlState.SYNTAX_ERROR, "Syntax error" + at + ": " + message + hint, e);
  }

  /**
   * The statements people type into a SQL tool that keycond does not run, each said so with what to
   * do instead, rather than as a word the parser did not expect (which it would advise to quote);
   * and a second statement after a {@code ;}.
   */
  private static Optional<KeycondException> statementKeycondDoesNotRun(String sql, SqlParseException e) {
    Matcher words = FIRST_WORDS.matcher(sql);
    if (!words.find()) {
      return Optional.empty();
    }
    String first = words.group(1).toUpperCase(Locale.ROOT);
    String second = words.group(2) == null ? "" : words.group(2).toUpperCase(Locale.ROOT);
    if (DDL.contains(first)) {
      return Optional.of(new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, first + " is not a statement keycond "
          + "runs: DynamoDB tables are created and changed outside keycond (the AWS console or CLI, CloudFormation, "
          + "Terraform), and the mapping says which tables and columns keycond shows. Rows are written with INSERT, "
          + "UPSERT, UPDATE, DELETE and MERGE", e));
    }
    if (TRANSACTION_CONTROL.contains(first) || (first.equals("SET") && second.equals("TRANSACTION"))) {
      return Optional.of(new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, first + (first.equals("SET")
          ? " TRANSACTION" : "") + " is not a statement keycond runs: transactions are controlled through JDBC. "
          + "Connection.setAutoCommit(false) starts one, commit() and rollback() end it, setSavepoint() marks a "
          + "point to roll back to, and setReadOnly(true) makes the connection read-only", e));
    }
    if (first.equals("SHOW")) {
      return Optional.of(new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "SHOW is not a statement keycond runs: "
          + "the tables and their columns are listed by INFORMATION_SCHEMA.TABLES and INFORMATION_SCHEMA.COLUMNS "
          + "(SELECT table_name FROM information_schema.tables), and by DatabaseMetaData.getTables and getColumns", e));
    }
    if (first.equals("EXPLAIN") && !second.equals("PLAN")) {
      return Optional.of(new KeycondException(SqlState.SYNTAX_ERROR, "Syntax error: keycond's EXPLAIN is written "
          + "EXPLAIN PLAN FOR followed by the statement (EXPLAIN PLAN FOR SELECT ...), or EXPLAIN PLAN AS JSON FOR "
          + "...", e));
    }
    if (e.getPos() != null && FOR_UPDATE.matcher(sql).region(
        TextPosition.offset(sql, e.getPos().getLineNum(), e.getPos().getColumnNum()), sql.length()).lookingAt()) {
      return Optional.of(new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "FOR UPDATE is not supported: DynamoDB "
          + "locks no item. Read without it; in a transaction (setAutoCommit(false)) the writes are sent at commit "
          + "with conditions that the items are still as read, so a change made meanwhile fails the commit (40001)",
          e));
    }
    if (e.getCause() instanceof ParseException p && p.currentToken != null && p.currentToken.next != null
        && p.currentToken.next.image.equals(";")) {
      Token semicolon = p.currentToken.next;
      return Optional.of(new KeycondException(SqlState.SYNTAX_ERROR, "Syntax error at line " + semicolon.beginLine
          + ", column " + semicolon.beginColumn + ": keycond runs one statement a call, and ';' is followed by "
          + "more. Run each statement on its own (several writes can go in one executeBatch)", e));
    }
    return Optional.empty();
  }

  /**
   * The reserved-word hint when the parser names only a keyword ("Incorrect syntax near the keyword
   * 'VALUE'", which it says of a keyword written in capitals, keeping no tokens): the keyword itself,
   * or, when that is a word of a statement's structure ({@code AND} in {@code AND VALUE = 1}), the
   * word after it.
   */
  private static String keywordHint(String sql, SqlParser parser, SqlParseException e) {
    Matcher named = NAMED_KEYWORD.matcher(e.getMessage());
    if (!named.find()) {
      return "";
    }
    String keyword = named.group(1);
    Matcher word = WORD.matcher(sql);
    int offset = TextPosition.offset(sql, e.getPos().getLineNum(), e.getPos().getColumnNum());
    if (!STRUCTURE.contains(keyword)) {
      return hint(parser, keyword);
    }
    if (!word.find(offset) || !word.find()) {
      return "";
    }
    return STRUCTURE.contains(word.group().toUpperCase(Locale.ROOT)) ? "" : hint(parser, word.group());
  }

  /** The word at the parser's position, which it took for an expression. */
  private static String wordAt(String sql, SqlParserPos pos) {
    Matcher word = WORD.matcher(sql);
    int offset = TextPosition.offset(sql, pos.getLineNum(), pos.getColumnNum());
    return word.find(offset) && word.start() == offset ? word.group() : sql.substring(offset).trim();
  }

  /** ", did you mean SELECT?" when a keyword is one or two edits from the word. */
  private static String meant(String word, List<String> keywords) {
    List<String> near = NearestNames.to(word.toUpperCase(Locale.ROOT), keywords);
    return near.isEmpty() ? "" : " (did you mean " + String.join(" or ", near) + "?)";
  }

  /** What the parser could take next, as the tokens it names, or a summary when it could take anything. */
  private static String expected(ParseException cause) {
    Set<String> tokens = new LinkedHashSet<>();
    for (int[] sequence : cause.expectedTokenSequences) {
      if (sequence.length > 0) {
        tokens.add(readable(cause.tokenImage[sequence[0]]));
      }
    }
    if (tokens.contains("a name") && tokens.size() > MOST_EXPECTED) {
      return "an expression or a name to follow";
    }
    List<String> shown = tokens.stream().limit(MOST_EXPECTED).toList();
    return "one of: " + String.join(", ", shown) + (tokens.size() > shown.size() ? ", ..." : "");
  }

  private static String readable(String image) {
    if (image.equals("<IDENTIFIER>") || image.equals("<QUOTED_IDENTIFIER>")) {
      return "a name";
    }
    return image.startsWith("\"") && image.endsWith("\"") ? image.substring(1, image.length() - 1) : image;
  }

  /**
   * A column named like a reserved word ({@code year}, {@code month}, {@code value}) can only be
   * written quoted, and the parser merely says it did not expect the word there; say why.
   */
  private static String reservedWordHint(SqlParser parser, ParseException cause) {
    return misusedWord(cause).map(word -> hint(parser, word)).orElse("");
  }

  /** How to use {@code word} as a name, when it is a reserved word; else nothing. */
  private static String hint(SqlParser parser, String word) {
    return parser.getMetadata().isReservedWord(word.toUpperCase(Locale.ROOT))
        ? " " + word + " is a reserved word in SQL; to use it as a name, quote it with double quotes: \""
            + word + "\" (quoted names are case-sensitive, as all names are in keycond)"
        : "";
  }

  /**
   * The word the parser could not take, among the tokens its message shows ("and value", ". user",
   * "year ="): the first token that no sequence the parser expected accepts, unless the word before
   * it could only be read as a function ({@code YEAR(...)}, {@code MONTH(...)}), which is then the
   * misused word.
   */
  private static Optional<String> misusedWord(ParseException cause) {
    List<Token> tokens = new ArrayList<>();
    int shown = Arrays.stream(cause.expectedTokenSequences).mapToInt(sequence -> sequence.length).max().orElse(0);
    for (Token token = cause.currentToken.next; token != null && tokens.size() < shown; token = token.next) {
      tokens.add(token);
    }
    int accepted = 0;
    for (int[] sequence : cause.expectedTokenSequences) {
      accepted = Math.max(accepted, matched(sequence, tokens));
    }
    if (accepted > 0 && readAsFunction(cause, tokens, accepted)) {
      return Optional.of(tokens.get(accepted - 1).image);
    }
    return accepted < tokens.size() ? Optional.of(tokens.get(accepted).image) : Optional.empty();
  }

  /** Whether the parser, past the first {@code accepted} tokens, wanted a "(" and could not take a name. */
  private static boolean readAsFunction(ParseException cause, List<Token> tokens, int accepted) {
    boolean call = false;
    for (int[] sequence : cause.expectedTokenSequences) {
      if (sequence.length > accepted && matched(sequence, tokens) == accepted) {
        if (sequence[accepted] == SqlParserImplConstants.IDENTIFIER) {
          return false;
        }
        call |= sequence[accepted] == SqlParserImplConstants.LPAREN;
      }
    }
    return call;
  }

  /** How many of the tokens, from the first, an expected sequence of token kinds accepts. */
  private static int matched(int[] sequence, List<Token> tokens) {
    int matched = 0;
    while (matched < sequence.length && matched < tokens.size() && tokens.get(matched).kind == sequence[matched]) {
      matched++;
    }
    return matched;
  }
}
