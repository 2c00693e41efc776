package dev.keycond.shell;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A result set that shows some of another's columns, in a given order: column {@code i} of the
 * view is column {@code columns[i - 1]} of the result underneath, for every method that takes a
 * column index, and for its metadata. Everything else (next, close, lookups by label) goes to the
 * result underneath.
 */
final class ColumnSubset {
  private ColumnSubset() {}

  /**
   * @param labels the labels of the columns to show, in order; labels the result lacks are left out
   */
  static ResultSet of(ResultSet rows, List<String> labels) throws SQLException {
    ResultSetMetaData meta = rows.getMetaData();
    List<Integer> columns = new ArrayList<>();
    for (String label : labels) {
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        if (meta.getColumnLabel(i).equals(label)) {
          columns.add(i);
        }
      }
    }
    ResultSetMetaData shownMeta = view(ResultSetMetaData.class, meta, columns);
    return (ResultSet) Proxy.newProxyInstance(ColumnSubset.class.getClassLoader(), new Class<?>[] {ResultSet.class},
        (proxy, method, args) -> method.getName().equals("getMetaData") ? shownMeta
            : new Renumbered(rows, columns).invoke(proxy, method, args));
  }

  private static <T> T view(Class<T> type, T target, List<Integer> columns) {
    return type.cast(Proxy.newProxyInstance(ColumnSubset.class.getClassLoader(), new Class<?>[] {type},
        new Renumbered(target, columns)));
  }

  /** Calls the target with the first int argument, a column index, renumbered to the target's. */
  private record Renumbered(Object target, List<Integer> columns) implements InvocationHandler {
    /** The ResultSet methods whose first int is a row or a size, not a column. */
    private static final Set<String> NOT_COLUMNS = Set.of("absolute", "relative", "setFetchSize", "setFetchDirection");

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      if (method.getName().equals("getColumnCount")) {
        return columns.size();
      }
      Object[] renumbered = args == null ? null : args.clone();
      if (renumbered != null && renumbered.length > 0 && method.getParameterTypes()[0] == int.class
          && !NOT_COLUMNS.contains(method.getName())) {
        int index = (Integer) renumbered[0];
        if (index < 1 || index > columns.size()) {
          throw new SQLException("Column index " + index + " out of range 1.." + columns.size(), "07009");
        }
        renumbered[0] = columns.get(index - 1);
      }
      try {
        return method.invoke(target, renumbered);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }
  }
}
