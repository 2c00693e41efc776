package dev.keycond.shell;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.function.UnaryOperator;
import sqlline.DispatchCallback;
import sqlline.SqlLine;

/**
 * The parts of sqlline 1.12 the shell needs and sqlline keeps package-private: the flag that marks
 * a session as started, the current connection, and the printing of a result set in the chosen
 * output format. Each is reached by reflection here and nowhere else; ShellTest fails if a sqlline
 * upgrade moves one.
 */
final class SqlLineInternals {
  private SqlLineInternals() {}

  /**
   * Makes every error and warning one line, its message and SQLState, in every mode. sqlline prints
   * them with their whole stack trace (Calcite's frames, every warning too) until its first session
   * has started, and {@code -e} statements and {@code -f} scripts run before that; a private flag,
   * set once per JVM, marks the start. Setting it first makes a run with {@code -e} or {@code -f}
   * report as the interactive shell does, where {@code !set verbose true} still brings the traces
   * back.
   */
  static void reportInOneLine() {
    try {
      Field started = SqlLine.class.getDeclaredField("initComplete");
      started.setAccessible(true);
      started.setBoolean(null, true);
    } catch (ReflectiveOperationException e) {
      throw missing("the initComplete flag", e);
    }
  }

  /** The connection sqlline's statements and commands use, if it has one. */
  static Optional<Connection> connection(SqlLine sqlLine) {
    try {
      Object current = currentConnection(sqlLine);
      return current == null ? Optional.empty() : Optional.ofNullable((Connection) connectionField().get(current));
    } catch (ReflectiveOperationException e) {
      throw missing("its current connection", e);
    }
  }

  /** Replaces sqlline's current connection, when it has one, by what {@code change} makes of it. */
  static void replaceConnection(SqlLine sqlLine, UnaryOperator<Connection> change) {
    try {
      Object current = currentConnection(sqlLine);
      Field field = connectionField();
      if (current != null && field.get(current) != null) {
        field.set(current, change.apply((Connection) field.get(current)));
      }
    } catch (ReflectiveOperationException e) {
      throw missing("its current connection", e);
    }
  }

  /** Prints a result set as sqlline prints a query's, in the output format the user chose. */
  static void print(SqlLine sqlLine, ResultSet rows, DispatchCallback callback) throws SQLException {
    try {
      Method print = SqlLine.class.getDeclaredMethod("print", ResultSet.class, DispatchCallback.class);
      print.setAccessible(true);
      print.invoke(sqlLine, rows, callback);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw sql;
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw missing("its print method", e);
    }
  }

  /** sqlline's DatabaseConnection for the current connection, or null. */
  private static Object currentConnection(SqlLine sqlLine) throws ReflectiveOperationException {
    Method current = SqlLine.class.getDeclaredMethod("getDatabaseConnection");
    current.setAccessible(true);
    return current.invoke(sqlLine);
  }

  private static Field connectionField() throws ReflectiveOperationException {
    Field field = Class.forName("sqlline.DatabaseConnection").getDeclaredField("connection");
    field.setAccessible(true);
    return field;
  }

  private static IllegalStateException missing(String what, ReflectiveOperationException e) {
    return new IllegalStateException("This sqlline does not have " + what + " where sqlline 1.12 does; "
        + "the shell needs sqlline 1.12", e);
  }
}
