package dev.keycond.demo;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A local, in-memory DynamoDB-compatible server: dynalite, run by Node.js from the repository's
 * {@code dynalite/} folder (package.json and package-lock.json pin it, server.js launches it).
 *
 * <p>The folder comes from the constructor, or else from the {@value #DIR_PROPERTY} system
 * property (Maven sets it for tests), or else is {@code ./dynalite}. The first start installs
 * it with {@code npm ci}, so Node.js 20 or later with npm must be on the PATH.
 *
 * <p>The server listens on a free port of 127.0.0.1 and stops as a {@link LocalServerProcess}
 * does: on {@link #close()}, on JVM exit, and even when the JVM is killed.
 */
public final class Dynalite implements AutoCloseable {

  /** The system property naming the dynalite folder. */
  public static final String DIR_PROPERTY = "keycond.dynalite.dir";

  private static final Logger LOG = Logger.getLogger(Dynalite.class.getName());

  private final LocalServerProcess server;

  /** Starts dynalite from the folder named by {@value #DIR_PROPERTY}, or {@code ./dynalite}. */
  public Dynalite() throws IOException {
    this(Path.of(System.getProperty(DIR_PROPERTY, "dynalite")));
  }

  /** Starts dynalite from {@code directory}, installing its node_modules first if needed. */
  public Dynalite(Path directory) throws IOException {
    Path dir = directory.toAbsolutePath().normalize();
    if (!Files.isRegularFile(dir.resolve("server.js"))) {
      throw new IOException("No dynalite launcher (server.js) in " + dir
          + "; point the " + DIR_PROPERTY + " system property at the repository's dynalite folder");
    }
    LocalServerProcess.Launch launch =
        new LocalServerProcess.Launch("dynalite", dir, "Node.js 20 or later, with npm, on the PATH");
    LocalServerProcess.installNpmPackage(launch, "dynalite");
    server = LocalServerProcess.start(launch, List.of("node", "server.js"));
    LOG.fine(() -> "dynalite listening at " + endpoint());
  }

  /**
   * An SDK client for a local DynamoDB-compatible server (dynalite, moto or LocalStack), which
   * checks that requests are signed but not by whom.
   */
  @SuppressWarnings("deprecation") // the driver's HTTP client; DynamoClients says why this one
  public static DynamoDbClient client(String endpoint) {
    return DynamoDbClient.builder()
        .endpointOverride(URI.create(endpoint))
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("keycond", "keycond")))
        // The only HTTP client in the driver: the build excludes the Apache 5 and Netty ones.
        .httpClientBuilder(ApacheHttpClient.builder())
        .build();
  }

  /** The URL to give the SDK or the JDBC driver, {@code http://127.0.0.1:<port>}. */
  public String endpoint() {
    return server.endpoint();
  }

  /** Empty while dynalite runs; once it has exited of itself, why: see {@link LocalServerProcess#exitReport}. */
  public Optional<String> exitReport() {
    return server.exitReport();
  }

  @Override
  public void close() {
    server.close();
  }

  @Override
  public String toString() {
    return "Dynalite[" + endpoint() + "]";
  }
}
