package dev.keycond.sqltests.harness;

/**
 * Gives tests the run's {@link DynamoServer}: dynalite, or moto in the moto run of the
 * {@code .sqltest} corpus, or LocalStack in the LocalStack run (see {@link ServerKind#ofRun()}).
 * Most tests use it: what they check holds on every DynamoDB-compatible server.
 *
 * <pre>{@code
 * @ExtendWith(DynaliteExtension.class)
 * class SomeTest {
 *   @Test
 *   void reads(DynamoServer server) { ... server.endpoint() ... server.client() ... }
 * }
 * }</pre>
 */
public final class DynaliteExtension extends ServerExtension {
  @Override
  ServerKind kind() {
    return ServerKind.ofRun();
  }
}
