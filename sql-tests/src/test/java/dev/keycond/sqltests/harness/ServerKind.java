package dev.keycond.sqltests.harness;

import java.util.Arrays;
import java.util.Locale;

/**
 * The DynamoDB-compatible servers the tests can run against. A test run has one default server,
 * named by the system property {@value #PROPERTY} (dynalite when unset), which
 * {@link DynaliteExtension} gives; a test that needs a particular server asks for it with
 * {@link MotoExtension}.
 */
public enum ServerKind {
  /** dynalite 4.0.0 (Node.js), the default: pinned and installed by dynalite/package-lock.json. */
  DYNALITE,
  /** moto 5.2.5 in server mode (Python): pinned and installed by moto/requirements.txt. */
  MOTO,
  /** LocalStack in Docker, for the LocalStack run: it needs an auth token and a Docker engine. */
  LOCALSTACK;

  /** The system property naming the run's server: {@code dynalite}, {@code moto} or {@code localstack}. */
  public static final String PROPERTY = "keycond.test.server";

  /** The run's default server. */
  public static ServerKind ofRun() {
    String name = System.getProperty(PROPERTY, "dynalite");
    return Arrays.stream(values()).filter(kind -> kind.label().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalStateException("-D" + PROPERTY + "=" + name + " names no test server; "
            + "the servers are " + Arrays.stream(values()).map(ServerKind::label).toList()));
  }

  /** The name the property, the {@code .sqltest} markers and the messages use: {@code moto}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
