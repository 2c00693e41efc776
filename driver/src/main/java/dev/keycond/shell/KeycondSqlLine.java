package dev.keycond.shell;

import dev.keycond.Driver;
import dev.keycond.jdbc.KeycondConnection;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jline.reader.History;
import org.jline.reader.LineReader;
import org.jline.reader.impl.LineReaderImpl;
import sqlline.Application;
import sqlline.BuiltInProperty;
import sqlline.CommandHandler;
import sqlline.SqlLine;

/**
 * sqlline as keycond's shell. On top of sqlline it completes table and column names from the
 * first keystroke ({@link NameCompleter}), lists metadata in the columns a person reads
 * ({@link MetadataListing}), shows values as {@code getString} gives them ({@link ValuesAsText}),
 * prints what each statement cost in DynamoDB ({@link CostLines}), and says what a new connection
 * reaches. A run with {@code -e} or {@code -f} prints only what its statements print: not
 * sqlline's name at the end, and not "No current connection" after each statement when the
 * connection failed, which the connection's own error already explains.
 */
final class KeycondSqlLine extends SqlLine {
  /** What sqlline prints when it cannot run a statement for want of a connection. */
  static final String NO_CONNECTION = "No current connection";
  /** How sqlline names itself when a session starts ("sqlline version 1.12.0"). */
  private static final String SQLLINE_TITLE = new Application().getInfoMessage();

  private final boolean interactive;
  private boolean connectFailed;
  /** The cost line of the statement that failed, printed after its error. */
  private Optional<String> costAfterError = Optional.empty();

  /** @param interactive whether a person types the statements, rather than -e, -f or a pipe */
  KeycondSqlLine(boolean interactive) {
    this.interactive = interactive;
    List<CommandHandler> handlers = new ArrayList<>();
    for (CommandHandler handler : getCommandHandlers()) {
      handlers.add(adapted(handler));
    }
    handlers.add(new MappingShellCommand(this));
    updateCommandHandlers(handlers);
  }

  private CommandHandler adapted(CommandHandler handler) {
    if (handler.getNames().contains("connect") || handler.getNames().contains("reconnect")) {
      return new ConnectionCommand(handler, this);
    }
    return MetadataListing.Listing.of(handler.getName())
        .<CommandHandler>map(listing -> new MetadataListing(this, handler, listing)).orElse(handler);
  }

  @Override
  public LineReader getConsoleReader(InputStream inputStream, History fileHistory) throws IOException {
    LineReader reader = super.getConsoleReader(inputStream, fileHistory);
    // sqlline gives only an interactive reader a completer.
    if (reader instanceof LineReaderImpl impl && impl.getCompleter() != null
        && !(impl.getCompleter() instanceof NameCompleter)) {
      impl.setCompleter(new NameCompleter(impl.getCompleter(), () -> SqlLineInternals.connection(this)));
    }
    return reader;
  }

  /**
   * After {@code !connect} or {@code !reconnect}: the new connection shows values as getString
   * gives them and prints each statement's cost, and an interactive session says what it reaches.
   */
  void connected(boolean success) {
    connectFailed = !success;
    if (!success) {
      return;
    }
    SqlLineInternals.replaceConnection(this, c -> CostLines.printsCosts(c) ? c
        : CostLines.wrap(ValuesAsText.wrap(c, this::shownAsText), this::info, line -> costAfterError = Optional.of(line)));
    Optional<Connection> connection = SqlLineInternals.connection(this);
    if (interactive && connection.isPresent()) {
      info("Connected to " + describe(connection.get()));
    }
  }

  private static String describe(Connection connection) {
    try {
      return connection.isWrapperFor(KeycondConnection.class)
          ? connection.unwrap(KeycondConnection.class).describe() : connection.getMetaData().getURL();
    } catch (SQLException e) {
      return "a database whose metadata cannot be read (" + e.getMessage() + ")";
    }
  }

  /** Whether a column of this type shows as its text: unless the user set sqlline's format for it. */
  private boolean shownAsText(int type) {
    return switch (type) {
      case Types.TIMESTAMP -> getOpts().isDefault(BuiltInProperty.TIMESTAMP_FORMAT);
      case Types.DATE -> getOpts().isDefault(BuiltInProperty.DATE_FORMAT);
      case Types.TIME -> getOpts().isDefault(BuiltInProperty.TIME_FORMAT);
      case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.REAL, Types.FLOAT, Types.DOUBLE,
          Types.DECIMAL, Types.NUMERIC -> getOpts().isDefault(BuiltInProperty.NUMBER_FORMAT);
      default -> false;
    };
  }

  /**
   * sqlline names itself when a session starts, which for {@code -e} and {@code -f} is after their
   * statements have run; keycond's shell names itself instead, and only to a person.
   */
  @Override
  public void info(String message) {
    if (!SQLLINE_TITLE.equals(message)) {
      super.info(message);
    } else if (interactive) {
      super.info("keycond " + Driver.VERSION + " shell, on " + SQLLINE_TITLE + ". !help lists the commands, "
          + "!quit leaves.");
    }
  }

  @Override
  public boolean error(Throwable t) {
    boolean result = super.error(t);
    costAfterError.ifPresent(this::info);
    costAfterError = Optional.empty();
    return result;
  }

  @Override
  public boolean error(String message) {
    if (!interactive && connectFailed && NO_CONNECTION.equals(message)) {
      return false;
    }
    return super.error(message);
  }
}
