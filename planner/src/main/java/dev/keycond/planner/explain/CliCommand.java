package dev.keycond.planner.explain;

/**
 * A request as the AWS CLI command that sends it: {@code aws dynamodb query --cli-input-json
 * '<the request's JSON>'}, quoted for a POSIX shell.
 */
final class CliCommand {
  private CliCommand() {}

  /**
   * @param operation such as {@code BatchGetItem}, the command {@code batch-get-item}
   * @param json the request, as {@link RequestJson} writes it
   * @param onePage whether the request reads one page only (a Query or Scan with a Limit): the CLI
   *     would otherwise follow LastEvaluatedKey itself and read past the Limit
   */
  static String of(String operation, String json, boolean onePage) {
    return "aws dynamodb " + command(operation) + " --cli-input-json " + quoted(json)
        + (onePage ? " --no-paginate" : "");
  }

  private static String command(String operation) {
    return operation.replaceAll("(?<=[a-z])(?=[A-Z])", "-").toLowerCase(java.util.Locale.ROOT);
  }

  /** Single quotes keep everything as it is, except a single quote, which closes, is escaped and reopens. */
  static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
