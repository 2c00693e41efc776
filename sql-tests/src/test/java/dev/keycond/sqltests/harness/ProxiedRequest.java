package dev.keycond.sqltests.harness;

import java.util.Optional;

/**
 * One request {@link FaultProxy} received: one HTTP attempt, so each SDK retry is one of its own.
 *
 * @param operation the DynamoDB operation, such as {@code Query}
 * @param laterPage whether it carried an ExclusiveStartKey (a Query's or Scan's page 2 or later) or an
 *     ExclusiveStartTableName (a ListTables page 2 or later)
 * @param fault what the proxy did to it, or empty when it passed through
 */
public record ProxiedRequest(String operation, boolean laterPage, Optional<Fault> fault) {
  @Override
  public String toString() {
    return operation + (laterPage ? " (later page)" : "") + fault.map(f -> " -> " + f).orElse("");
  }
}
