package dev.keycond.planner.sql;

/** Where a line and column, as the parser counts them, fall in a statement's text. */
final class TextPosition {
  private TextPosition() {}

  /** The offset of a line and column counted from 1, a tab one column, a line ended by LF, CR or CRLF. */
  static int offset(String sql, int line, int column) {
    int offset = 0;
    for (int l = 1; l < line; l++) {
      int lf = sql.indexOf('\n', offset);
      int cr = sql.indexOf('\r', offset);
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        offset = cr + 1 < sql.length() && sql.charAt(cr + 1) == '\n' ? cr + 2 : cr + 1;
      } else {
        offset = lf + 1;
      }
    }
    return Math.min(offset + column - 1, sql.length());
  }
}
