package dev.keycond.shell;

import dev.keycond.jdbc.KeycondConnection;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import sqlline.AbstractCommandHandler;
import sqlline.DispatchCallback;
import sqlline.SqlLine;

/**
 * The shell's {@code !mapping infer [--pages N] [--page-limit N] [--all] [table ...]}: a mapping
 * proposed from a sample read through the current connection, with the notes of
 * {@code keycond mapping infer}. ({@code keycond mapping import} reads a file and needs no
 * connection, so it stays on the command line.)
 */
final class MappingShellCommand extends AbstractCommandHandler {
  MappingShellCommand(SqlLine sqlLine) {
    super(sqlLine, new String[] {"mapping"}, "Propose a mapping from a sample of tables: "
        + "!mapping infer [--pages N] [--page-limit N] [--all] [table ...]", List.of());
  }

  @Override
  public void execute(String line, DispatchCallback callback) {
    List<String> words = Arrays.stream(line.trim().split("\\s+")).skip(1).toList();
    if (words.isEmpty() || !words.get(0).equals("infer")) {
      sqlLine.error("Usage: !mapping infer [--pages N] [--page-limit N] [--all] [table ...]");
      callback.setToFailure();
      return;
    }
    Optional<Connection> connection = SqlLineInternals.connection(sqlLine);
    if (connection.isEmpty()) {
      sqlLine.error(KeycondSqlLine.NO_CONNECTION);
      callback.setToFailure();
      return;
    }
    try {
      MappingCommand.Sampling sampling = MappingCommand.Sampling.parse(words.subList(1, words.size()));
      ByteArrayOutputStream mapping = new ByteArrayOutputStream();
      ByteArrayOutputStream notes = new ByteArrayOutputStream();
      int code = MappingCommand.print(connection.get().unwrap(KeycondConnection.class)
              .inferMapping(sampling.tables(), sampling.bounds()),
          new PrintStream(mapping, true, StandardCharsets.UTF_8), new PrintStream(notes, true, StandardCharsets.UTF_8));
      notes.toString(StandardCharsets.UTF_8).lines().forEach(sqlLine::info);
      sqlLine.output(mapping.toString(StandardCharsets.UTF_8).stripTrailing());
      if (code == 0) {
        callback.setToSuccess();
      } else {
        callback.setToFailure();
      }
    } catch (IllegalArgumentException e) {
      sqlLine.error("!mapping infer: " + e.getMessage());
      callback.setToFailure();
    } catch (SQLException e) {
      sqlLine.error(e);
      callback.setToFailure();
    }
  }
}
