package dev.keycond.shell;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What sqlline prints, with every secret key hidden ({@link ShellSecrets}): the connections
 * {@code !list} shows, the commands a script runs and echoes, sqlline's own messages. Text is
 * passed on a line at a time, or when sqlline flushes, so that a secret written in one piece is
 * hidden whole.
 */
final class SecretHidingStream extends FilterOutputStream {
  private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

  SecretHidingStream(OutputStream out) {
    super(out);
  }

  @Override
  public synchronized void write(int b) throws IOException {
    pending.write(b);
    if (b == '\n') {
      pass();
    }
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
    for (int i = offset; i < offset + length; i++) {
      write(bytes[i]);
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    pass();
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    pass();
    super.close();
  }

  private void pass() throws IOException {
    if (pending.size() > 0) {
      out.write(ShellSecrets.hide(pending.toString(StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
      pending.reset();
    }
  }
}
