package dev.keycond.planner.explain;

import dev.keycond.planner.settings.AwsCliTarget;
import java.util.regex.Pattern;

/**
 * A request as the AWS CLI command that sends it where the connection sends it: {@code aws dynamodb
 * query --cli-input-json '<the request's JSON>'}, then the endpoint, region and profile the
 * connection sets, quoted for a POSIX shell.
 */
final class CliCommand {
  /** What a POSIX shell reads as it is, outside quotes. */
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9._:/%+=,@-]+");

  private CliCommand() {}

  /**
   * @param operation such as {@code BatchGetItem}, the command {@code batch-get-item}
   * @param json the request, as {@link RequestJson} writes it
   * @param onePage whether the request reads one page only (a Query or Scan with a Limit): the CLI
   *     would otherwise follow LastEvaluatedKey itself and read past the Limit
   * @param binary whether the request holds binary values, which its JSON gives in base64: AWS CLI
   *     v2 reads them so when told {@code --cli-binary-format base64}; v1 would take the base64 text
   *     as the bytes and encode it again, sending other bytes, and refuses the option instead
   */
  static String of(String operation, String json, boolean onePage, boolean binary, AwsCliTarget target) {
    StringBuilder command = new StringBuilder("aws dynamodb ").append(command(operation))
        .append(" --cli-input-json ").append(quoted(json)).append(onePage ? " --no-paginate" : "")
        .append(binary ? " --cli-binary-format base64" : "");
    target.endpoint().ifPresent(endpoint -> command.append(" --endpoint-url ").append(word(endpoint)));
    target.region().ifPresent(region -> command.append(" --region ").append(word(region)));
    target.profile().ifPresent(profile -> command.append(" --profile ").append(word(profile)));
    return command.toString();
  }

  /** A value as one word of the command line: as it is when the shell reads it so, else quoted. */
  private static String word(String value) {
    return PLAIN.matcher(value).matches() ? value : quoted(value);
  }

  private static String command(String operation) {
    return operation.replaceAll("(?<=[a-z])(?=[A-Z])", "-").toLowerCase(java.util.Locale.ROOT);
  }

  /** Single quotes keep everything as it is, except a single quote, which closes, is escaped and reopens. */
  static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
