package dev.keycond.jdbc;

import java.sql.NClob;
import java.sql.SQLException;
import javax.sql.rowset.serial.SerialClob;

/**
 * A text value as a CLOB, for tools that read long text that way. The text is already in memory,
 * so this is a copy of it; one class serves getClob and getNClob, as Java strings are Unicode.
 */
final class TextClob extends SerialClob implements NClob {
  private static final long serialVersionUID = 1L;

  TextClob(String text) throws SQLException {
    super(text.toCharArray());
  }
}
