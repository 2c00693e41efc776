package dev.keycond.sqltests.sqlfile;

/** A {@code .sqltest} file that is not well formed; the message gives the file and line. */
public final class SqlTestFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  SqlTestFormatException(String resource, int line, String problem) {
    super(resource + ":" + line + ": " + problem);
  }
}
