package dev.keycond.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The secret keys the shell is given, recognised in the text it prints and in the lines it would
 * keep in its history: the value of a {@code password} property in a URL (written as the URL parser
 * accepts it, in any case and spacing), the value of {@code -p password}, and the password
 * argument of {@code !connect url user password}.
 *
 * <p>A secret is recognised by where it stands, never by its value: a value that is also in the
 * data ({@code test} against dynalite) must not be masked in a result.
 */
final class ShellSecrets {
  private static final String MASK = "****";
  /** {@code password=...} in a URL; the value ends where a URL property or a shell argument does. */
  private static final Pattern URL_PASSWORD = Pattern.compile("(?i)(password\\s*=\\s*)([^;\"'\\s]+)");
  /** {@code -p password <value>}, the form sqlline's own {@code -p} option and {@code !connect -p} take. */
  private static final Pattern PROPERTY_PASSWORD = Pattern.compile("(?i)(-p\\s+password\\s+)(\"[^\"]*\"|'[^']*'|\\S+)");
  /** A connect command as sqlline accepts it: {@code !connect}, {@code !open}, or a prefix of them. */
  private static final Pattern CONNECT = Pattern.compile("!(\\w+)\\s+(.*)");
  /** An argument of a shell command: quoted, with backslash escapes inside double quotes, or bare. */
  private static final Pattern ARGUMENT = Pattern.compile("\"(?:\\\\.|[^\"\\\\])*\"|'[^']*'|\\S+");

  private ShellSecrets() {}

  /** Whether a line holds, or may hold, a secret: it is never kept in the history. */
  static boolean mayHoldSecret(String line) {
    return !secretsIn(line).isEmpty() || isConnectCommand(line.strip());
  }

  /** The text with every secret in it replaced by {@value #MASK}. */
  static String hide(String text) {
    String hidden = URL_PASSWORD.matcher(text).replaceAll("$1" + MASK);
    hidden = PROPERTY_PASSWORD.matcher(hidden).replaceAll("$1" + MASK);
    for (String secret : secretsIn(hidden)) {
      hidden = hidden.replace(secret, MASK);
    }
    return hidden;
  }

  /** The secrets in a text, by where they stand. */
  private static List<String> secretsIn(String text) {
    List<String> secrets = new ArrayList<>();
    for (Pattern pattern : List.of(URL_PASSWORD, PROPERTY_PASSWORD)) {
      Matcher m = pattern.matcher(text);
      while (m.find()) {
        secrets.add(m.group(2));
      }
    }
    Matcher connect = CONNECT.matcher(text);
    while (connect.find()) {
      if (isConnectName(connect.group(1))) {
        positionalPassword(connect.group(2)).ifPresent(secrets::add);
      }
    }
    secrets.removeIf(secret -> secret.isEmpty() || secret.equals(MASK) || secret.equals("\"\""));
    return secrets;
  }

  /**
   * The password argument of {@code connect [-p name value]* url [user] [password] [driver]}, the
   * form sqlline parses.
   */
  private static Optional<String> positionalPassword(String arguments) {
    List<String> args = new ArrayList<>();
    Matcher m = ARGUMENT.matcher(arguments);
    while (m.find()) {
      args.add(m.group());
    }
    int i = 0;
    while (i + 2 < args.size() && args.get(i).equals("-p")) {
      i += 3;
    }
    // args[i] is the URL, then the user, then the password, as written (quoted or not). Words that
    // only follow "!connect" in a sentence (a message's advice: "!connect with the URL plus ...")
    // are no command: their third word is no secret.
    boolean url = i < args.size() && args.get(i).replaceFirst("^[\"']", "").toLowerCase(Locale.ROOT)
        .startsWith("jdbc:");
    return url && i + 2 < args.size() ? Optional.of(args.get(i + 2)) : Optional.empty();
  }

  private static boolean isConnectCommand(String line) {
    Matcher m = CONNECT.matcher(line + " ");
    return m.lookingAt() && isConnectName(m.group(1));
  }

  /** sqlline runs a command named by any prefix of its name. */
  private static boolean isConnectName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return "connect".startsWith(lower) || "open".startsWith(lower);
  }
}
