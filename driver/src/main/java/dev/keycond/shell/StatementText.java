package dev.keycond.shell;

import dev.keycond.jdbc.SqlTextSpans;
import dev.keycond.planner.sql.SqlIdentifiers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What completion needs from a statement that is still being typed and may not parse: the tables
 * its FROM and JOIN clauses name, with their aliases, and whether a position is where a table name
 * goes. It reads words, quoted names, string literals and comments, and nothing more.
 */
final class StatementText {
  /** A table the statement reads, and the name it gives it there: its alias, or its own name. */
  record TableReference(String table, String name) {}

  /** The words after which a table name is written. */
  private static final Set<String> BEFORE_TABLE = Set.of("FROM", "JOIN", "INTO", "UPDATE");

  private enum Kind { WORD, QUOTED_NAME, STRING, PUNCTUATION }

  private record Token(Kind kind, String text, int start, int end) {
    boolean isWord(String word) {
      return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }

    boolean isName() {
      return kind == Kind.QUOTED_NAME || kind == Kind.WORD && !SqlIdentifiers.isReserved(text);
    }

    boolean is(char punctuation) {
      return kind == Kind.PUNCTUATION && text.equals(String.valueOf(punctuation));
    }
  }

  private final List<Token> tokens;

  private StatementText(List<Token> tokens) {
    this.tokens = tokens;
  }

  static StatementText of(String text) {
    return new StatementText(tokens(text));
  }

  /** The tables the statement names after FROM, JOIN or a comma in a FROM list, in order. */
  List<TableReference> tables() {
    List<TableReference> tables = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      Token token = tokens.get(i);
      if (token.kind() == Kind.WORD && BEFORE_TABLE.contains(token.text().toUpperCase(Locale.ROOT))) {
        i = references(i + 1, tables, token.isWord("FROM"));
      }
    }
    return tables;
  }

  /**
   * Reads {@code name[.name...] [[AS] alias]}, and after FROM further ones separated by commas.
   *
   * @return the index of the last token read
   */
  private int references(int i, List<TableReference> tables, boolean list) {
    while (i < tokens.size() && tokens.get(i).isName()) {
      String name = tokens.get(i).text();
      while (i + 2 < tokens.size() && tokens.get(i + 1).is('.') && tokens.get(i + 2).isName()) {
        i += 2;
        name = tokens.get(i).text();
      }
      String alias = name;
      int next = i + 1;
      if (next < tokens.size() && tokens.get(next).isWord("AS")) {
        next++;
      }
      if (next < tokens.size() && tokens.get(next).isName()) {
        alias = tokens.get(next).text();
        i = next;
      }
      int at = name.lastIndexOf('@');
      tables.add(new TableReference(at > 0 ? name.substring(0, at) : name, alias));
      if (!list || i + 2 >= tokens.size() || !tokens.get(i + 1).is(',')) {
        return i;
      }
      i += 2;
    }
    return i;
  }

  /**
   * Whether a name typed from {@code position} on is a table name: it follows FROM, JOIN, INTO or
   * UPDATE, a schema name and a dot after one, or a comma in a FROM list.
   */
  boolean isTablePosition(int position) {
    List<Token> before = tokens.stream().filter(t -> t.end() <= position).toList();
    int last = before.size() - 1;
    if (last >= 1 && before.get(last).is('.') && before.get(last - 1).isName()) {
      last -= 2;
    }
    if (last < 0) {
      return false;
    }
    Token previous = before.get(last);
    if (previous.kind() == Kind.WORD && BEFORE_TABLE.contains(previous.text().toUpperCase(Locale.ROOT))) {
      return true;
    }
    if (!previous.is(',')) {
      return false;
    }
    for (int i = last - 1; i >= 0; i--) {
      Token token = before.get(i);
      if (token.isWord("FROM")) {
        return true;
      }
      if (token.kind() == Kind.WORD && !token.isName() || token.is('(') || token.is(')')) {
        return false;
      }
    }
    return false;
  }

  /** The table a name in the statement stands for: an alias, or a table's own name. */
  Optional<String> tableNamed(String name) {
    return tables().stream().filter(t -> t.name().equals(name)).map(TableReference::table).findFirst();
  }

  private static List<Token> tokens(String text) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      int start = i;
      int comment = SqlTextSpans.commentEnd(text, i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (comment > i) {
        i = comment;
      } else if (c == '\'' || c == '"') {
        int close = SqlTextSpans.closingQuote(text, i);
        i = close < 0 ? text.length() : close + 1;
        String body = text.substring(start + 1, close < 0 ? text.length() : close);
        tokens.add(new Token(c == '"' ? Kind.QUOTED_NAME : Kind.STRING,
            body.replace(String.valueOf(c) + c, String.valueOf(c)), start, i));
      } else if (Character.isLetter(c) || c == '_') {
        while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || "_$@".indexOf(text.charAt(i)) >= 0)) {
          i++;
        }
        tokens.add(new Token(Kind.WORD, text.substring(start, i), start, i));
      } else {
        i++;
        tokens.add(new Token(Kind.PUNCTUATION, String.valueOf(c), start, i));
      }
    }
    return tokens;
  }
}
