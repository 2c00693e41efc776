package dev.keycond.sqltests.sqlfile;

import dev.keycond.sqltests.harness.ServerKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One case of a {@code .sqltest} file: a statement and what running it must produce.
 *
 * @param title the text after {@code ===}, unique within its file
 * @param line the line of the {@code ===}, for failure messages and IDE navigation
 * @param rows the expected result, when the statement must succeed
 * @param error the expected failure, when it must fail (exactly one of rows and error is present)
 * @param requests the DynamoDB item requests it must send; absent on a failing case, which then
 *     must send none
 * @param warnings text that must appear in the statement's warnings once every row is read; when
 *     absent, the statement must have no warnings at all
 * @param cost what the statement cost once every row is read: its summary line, then each table's
 *     and index's capacity line; dynalite's numbers, checked in the dynalite run only
 * @param plan lines that {@code EXPLAIN PLAN FOR} the statement must print, in this order
 * @param properties connection properties for this case, over the file's
 * @param parameters values for the statement's {@code ?} markers; when present, the statement
 *     runs as a PreparedStatement
 * @param maxRows the statement's maxRows, when the case sets it
 * @param skipOn the servers the case does not run on, each with the reason (an emulator's gap)
 * @param count the update count a write must give (exactly one of rows, error and count is present)
 * @param items the items a DynamoDB table (or one partition of it) must hold after the statement,
 *     read with the raw SDK; a case with a count or items is a write, run on its fixtures as their
 *     files have them
 */
public record SqlTestCase(
    String title,
    int line,
    String sql,
    Optional<ExpectedRows> rows,
    Optional<ExpectedError> error,
    Optional<ExpectedRequests> requests,
    Optional<List<String>> warnings,
    Optional<List<String>> cost,
    List<String> plan,
    Map<String, String> properties,
    List<Parameter> parameters,
    OptionalLong maxRows,
    Map<ServerKind, String> skipOn,
    OptionalLong count,
    Optional<ExpectedItems> items) {

  public SqlTestCase {
    skipOn = Map.copyOf(skipOn);
  }

  /**
   * Whether the case runs on {@code server}: a case marked {@code --- skip-on <server>: <reason>}
   * is left out of that server's run, which lists it with its reason once.
   */
  public boolean runsOn(ServerKind server) {
    return !skipOn.containsKey(server);
  }

  /** The same case on a connection that also has {@code more}, over its own properties. */
  public SqlTestCase withProperties(Map<String, String> more) {
    Map<String, String> all = new LinkedHashMap<>(properties);
    all.putAll(more);
    return new SqlTestCase(title, line, sql, rows, error, requests, warnings, cost, plan, Map.copyOf(all), parameters,
        maxRows, skipOn, count, items);
  }

  /** Whether the case writes: its fixtures are put back as their files have them before and after it. */
  public boolean writes() {
    return count.isPresent() || items.isPresent();
  }

  /**
   * @param table the DynamoDB table
   * @param partition the partition key value (a string) whose items alone are listed, if given
   * @param lines each item as {@code ExpressionRenderer.map} writes it, {@code {PK: 'DRIVE#a1', size: 12}},
   *     in key order
   */
  public record ExpectedItems(String table, Optional<String> partition, List<String> lines) {}

  /**
   * @param header the column labels
   * @param rows each row's cells as getString shows them, null for SQL NULL
   * @param unordered true to compare as a multiset, for results whose order SQL leaves open
   */
  public record ExpectedRows(List<String> header, List<List<String>> rows, boolean unordered) {}

  /**
   * @param sqlState the exact SQLState
   * @param exceptionClass the simple name of the SQLException subclass, if asserted
   * @param messageParts substrings the message must contain
   */
  public record ExpectedError(String sqlState, Optional<String> exceptionClass,
      List<String> messageParts) {}

  /** @param lines requests as {@link RequestLine} renders them */
  public record ExpectedRequests(List<String> lines, boolean unordered) {}
}
