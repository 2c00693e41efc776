package dev.keycond.shell;

import java.util.List;
import org.jline.reader.Completer;
import sqlline.CommandHandler;
import sqlline.DispatchCallback;

/**
 * sqlline's {@code !connect} ({@code !open}) or {@code !reconnect}, followed by what the shell does
 * with each new connection (see {@link KeycondSqlLine#connected}).
 */
final class ConnectionCommand implements CommandHandler {
  private final CommandHandler sqlline;
  private final KeycondSqlLine shell;

  ConnectionCommand(CommandHandler sqlline, KeycondSqlLine shell) {
    this.sqlline = sqlline;
    this.shell = shell;
  }

  @Override
  public void execute(String line, DispatchCallback callback) {
    sqlline.execute(line, callback);
    shell.connected(callback.isSuccess());
  }

  @Override
  public String getName() {
    return sqlline.getName();
  }

  @Override
  public List<String> getNames() {
    return sqlline.getNames();
  }

  @Override
  public String getHelpText() {
    return sqlline.getHelpText();
  }

  @Override
  public String matches(String line) {
    return sqlline.matches(line);
  }

  @Override
  public List<Completer> getParameterCompleters() {
    return sqlline.getParameterCompleters();
  }

  @Override
  public boolean echoToFile() {
    return sqlline.echoToFile();
  }
}
