package dev.keycond.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * moto in server mode, run by Python from the repository's {@code moto/} folder: requirements.txt
 * pins moto[server] 5.2.5 and everything it needs, with their hashes, and server.py launches it.
 * The first start installs them into {@code moto/.venv} (git-ignored) with {@code python3 -m venv}
 * and {@code pip install --require-hashes}, as dynalite's first start runs {@code npm ci}; a changed
 * requirements.txt installs them afresh.
 *
 * <p>The folder comes from the system property {@value #DIR_PROPERTY} (Maven sets it), or else is
 * {@code ./moto}. The tests start it for what dynalite lacks (transactions, index keys of several
 * attributes), and the benchmark for its transaction row.
 */
public final class Moto {
  /** The system property naming the moto folder. */
  public static final String DIR_PROPERTY = "keycond.moto.dir";
  private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");
  /** Written into the virtual environment last: the requirements it holds, as their SHA-256. */
  private static final String INSTALLED_MARKER = "keycond-requirements.sha256";

  private Moto() {}

  /** Installs moto from the folder {@value #DIR_PROPERTY} names, if needed, and starts it. */
  public static LocalServerProcess start() throws IOException {
    return start(Path.of(System.getProperty(DIR_PROPERTY, "moto")));
  }

  /** Installs moto from {@code directory} if needed and starts it on a free port of 127.0.0.1. */
  public static LocalServerProcess start(Path directory) throws IOException {
    Path dir = directory.toAbsolutePath().normalize();
    for (String file : List.of("server.py", "requirements.txt")) {
      if (!Files.isRegularFile(dir.resolve(file))) {
        throw new IOException("No " + file + " in " + dir + "; point the " + DIR_PROPERTY
            + " system property at the repository's moto folder");
      }
    }
    LocalServerProcess.Launch launch = new LocalServerProcess.Launch("moto", dir,
        "Python 3 on the PATH as " + (WINDOWS ? "python" : "python3") + ", with pip and the venv module "
            + "(on Debian and Ubuntu: apt-get install python3-venv)");
    String python = dir.resolve(WINDOWS ? ".venv/Scripts/python.exe" : ".venv/bin/python").toString();
    LocalServerProcess.installIfNeeded(launch, () -> installed(dir), List.of(
        List.of(WINDOWS ? "python" : "python3", "-m", "venv", "--clear", ".venv"),
        List.of(python, "-m", "pip", "install", "--require-hashes", "--no-input",
            "--disable-pip-version-check", "-r", "requirements.txt"),
        // Only once pip has installed every package does the marker say so.
        List.of(python, "-c", "import hashlib, pathlib; pathlib.Path('.venv', '" + INSTALLED_MARKER
            + "').write_text(hashlib.sha256(pathlib.Path('requirements.txt').read_bytes()).hexdigest())")));
    return LocalServerProcess.start(launch, List.of(python, "server.py"));
  }

  /** Whether .venv holds what requirements.txt pins now. */
  private static boolean installed(Path dir) throws IOException {
    Path marker = dir.resolve(".venv").resolve(INSTALLED_MARKER);
    return Files.isRegularFile(marker)
        && Files.readString(marker).strip().equals(sha256(Files.readAllBytes(dir.resolve("requirements.txt"))));
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
