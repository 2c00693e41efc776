package dev.keycond.sqltests.harness;

/**
 * Gives tests a {@link DynamoServer} that is moto, in every run: for what dynalite lacks, such as
 * TransactWriteItems, TransactGetItems and index keys of several attributes. When moto cannot be
 * installed or started, the tests that ask for it fail, saying why.
 *
 * <pre>{@code
 * @ExtendWith(MotoExtension.class)
 * class SomeTransactionTest {
 *   @Test
 *   void commits(DynamoServer moto) { ... moto.endpoint() ... moto.client() ... }
 * }
 * }</pre>
 */
public final class MotoExtension extends ServerExtension {
  @Override
  ServerKind kind() {
    return ServerKind.MOTO;
  }
}
