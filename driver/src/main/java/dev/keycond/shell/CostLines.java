package dev.keycond.shell;

import dev.keycond.KeycondStatement;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.planner.cost.StatementCost;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Consumer;

/**
 * The shell's view of a connection in which each statement, when sqlline closes it (after its rows,
 * its row count and its warnings), prints one line saying what it cost in DynamoDB: {@code 1 Query,
 * 3,066 items read, 12.5 RCU}. A statement that failed prints it only when it sent something, since
 * its error says the rest, and after its error: sqlline closes a statement before it reports the
 * statement's error. A commit that sent its TransactWriteItems prints its cost the same way.
 */
final class CostLines {
  private CostLines() {}

  /** Whether {@code connection} already prints its statements' costs. */
  static boolean printsCosts(Connection connection) {
    return Proxy.isProxyClass(connection.getClass()) && Proxy.getInvocationHandler(connection) instanceof OfConnection;
  }

  /**
   * @param print where a cost line goes: sqlline's info, beside "1 row selected"
   * @param printAfterError where the cost line of a failed statement goes, to be printed after its error
   */
  static Connection wrap(Connection connection, Consumer<String> print, Consumer<String> printAfterError) {
    return (Connection) Proxy.newProxyInstance(CostLines.class.getClassLoader(), new Class<?>[] {Connection.class},
        new OfConnection(connection, print, printAfterError));
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** Forwards every call, wrapping the statements it creates; a commit prints what it cost. */
  private record OfConnection(Connection target, Consumer<String> print, Consumer<String> printAfterError)
      implements InvocationHandler {
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      if (method.getName().equals("commit") && target.isWrapperFor(KeycondConnection.class)) {
        try {
          return CostLines.invoke(target, method, args);
        } finally {
          StatementCost cost = target.unwrap(KeycondConnection.class).lastCommitCost();
          if (cost.requestCount() > 0) {
            print.accept(cost.summary());
          }
        }
      }
      Object result = CostLines.invoke(target, method, args);
      Class<?> type = method.getReturnType();
      if (result instanceof Statement statement
          && (type == Statement.class || type == PreparedStatement.class || type == CallableStatement.class)) {
        return Proxy.newProxyInstance(CostLines.class.getClassLoader(), new Class<?>[] {type},
            new OfStatement(statement, print, printAfterError));
      }
      return result;
    }
  }

  /** Forwards every call; notes whether the statement ran and failed, and prints its cost as it closes. */
  private static final class OfStatement implements InvocationHandler {
    private final Statement target;
    private final Consumer<String> print;
    private final Consumer<String> printAfterError;
    private boolean ran;
    private boolean failed;
    private boolean closed;

    OfStatement(Statement target, Consumer<String> print, Consumer<String> printAfterError) {
      this.target = target;
      this.print = print;
      this.printAfterError = printAfterError;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      boolean execute = method.getName().startsWith("execute");
      if (method.getName().equals("close") && !closed) {
        closed = true;
        printCost();
      }
      try {
        Object result = CostLines.invoke(target, method, args);
        ran |= execute;
        return result;
      } catch (Throwable e) {
        if (execute) {
          ran = true;
          failed = true;
        }
        throw e;
      }
    }

    private void printCost() throws SQLException {
      if (!ran || !target.isWrapperFor(KeycondStatement.class)) {
        return;
      }
      StatementCost cost = target.unwrap(KeycondStatement.class).cost();
      if (!failed) {
        print.accept(cost.summary());
      } else if (cost.requestCount() > 0) {
        printAfterError.accept(cost.summary());
      }
    }
  }
}
