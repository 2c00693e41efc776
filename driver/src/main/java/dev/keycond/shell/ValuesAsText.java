package dev.keycond.shell;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Types;
import java.util.function.IntPredicate;

/**
 * The shell's view of a connection, in which a number, a date, a time or a timestamp is shown as
 * {@code getString} gives it, the text every other tool and the demo show. sqlline would print
 * {@code getObject(...).toString()}: {@code 2026-01-02 09:10:00.0} for a timestamp (Timestamp's
 * own format), {@code 1E-7} for a decimal, a time without its fraction. A type for which the user
 * set one of sqlline's formats ({@code --timestampFormat=...}) keeps sqlline's formatting.
 */
final class ValuesAsText {
  private ValuesAsText() {}

  /**
   * @param shownAsText whether a column of this {@link Types} type reads as its text
   */
  static Connection wrap(Connection connection, IntPredicate shownAsText) {
    if (Proxy.isProxyClass(connection.getClass())
        && Proxy.getInvocationHandler(connection) instanceof Wrapped) {
      return connection;
    }
    return proxy(Connection.class, connection, shownAsText);
  }

  private static <T> T proxy(Class<T> type, T target, IntPredicate shownAsText) {
    return type.cast(Proxy.newProxyInstance(ValuesAsText.class.getClassLoader(), new Class<?>[] {type},
        new Wrapped(target, shownAsText)));
  }

  /** Forwards every call, wrapping the statements and result sets it returns. */
  private record Wrapped(Object target, IntPredicate shownAsText) implements InvocationHandler {
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      if (target instanceof ResultSet rows && method.getName().equals("getObject") && args.length == 1) {
        int column = args[0] instanceof Integer index ? index : rows.findColumn((String) args[0]);
        if (shownAsText.test(rows.getMetaData().getColumnType(column))) {
          return rows.getString(column);
        }
      }
      Object result;
      try {
        result = method.invoke(target, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
      return wrapped(method.getReturnType(), result);
    }

    private Object wrapped(Class<?> type, Object result) {
      if (result == null) {
        return null;
      }
      if (type == Statement.class) {
        return proxy(Statement.class, (Statement) result, shownAsText);
      }
      if (type == PreparedStatement.class) {
        return proxy(PreparedStatement.class, (PreparedStatement) result, shownAsText);
      }
      if (type == CallableStatement.class) {
        return proxy(CallableStatement.class, (CallableStatement) result, shownAsText);
      }
      if (type == ResultSet.class) {
        return proxy(ResultSet.class, (ResultSet) result, shownAsText);
      }
      return result;
    }
  }
}
