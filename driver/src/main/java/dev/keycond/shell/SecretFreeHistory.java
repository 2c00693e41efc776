package dev.keycond.shell;

import java.time.Instant;
import org.jline.reader.impl.history.DefaultHistory;

/**
 * sqlline's history ({@code ~/.sqlline/history}, or {@code --historyFile}) without the lines that
 * hold or may hold a secret key ({@link ShellSecrets#mayHoldSecret}): every {@code !connect}, and
 * any line with a password in it. Such a line is run, not kept: the arrow keys do not bring it
 * back, and it is never written to the file.
 */
final class SecretFreeHistory extends DefaultHistory {
  @Override
  public void add(Instant time, String line) {
    if (!ShellSecrets.mayHoldSecret(line)) {
      super.add(time, line);
    }
  }
}
