package dev.keycond.sqltests.harness;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests a {@link DynamoServer} parameter (in constructors, lifecycle and test methods):
 * one server per test JVM (dynalite, or LocalStack for the LocalStack run), started when first
 * asked for and closed when the run ends.
 *
 * <pre>{@code
 * @ExtendWith(DynaliteExtension.class)
 * class SomeTest {
 *   @Test
 *   void reads(DynamoServer server) { ... server.endpoint() ... server.client() ... }
 * }
 * }</pre>
 */
public final class DynaliteExtension implements ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(DynaliteExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == DynamoServer.class;
  }

  @Override
  public DynamoServer resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return server(context);
  }

  /**
   * The JVM's server. It lives in the root context's store, which closes it (an AutoCloseable)
   * once every test has run.
   */
  public static DynamoServer server(ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE)
        .computeIfAbsent(DynamoServer.class, key -> DynamoServer.start(), DynamoServer.class);
  }
}
