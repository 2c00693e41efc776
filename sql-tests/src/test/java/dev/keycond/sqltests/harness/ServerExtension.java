package dev.keycond.sqltests.harness;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests a {@link DynamoServer} parameter (in constructors, lifecycle and test methods) of
 * one {@link ServerKind}: one server of each kind per test JVM, started when first asked for and
 * closed when the run ends; a test that asks for a server that has died fails, saying how it died.
 * {@link DynaliteExtension} and {@link MotoExtension} choose the kind.
 */
abstract sealed class ServerExtension implements ParameterResolver permits DynaliteExtension, MotoExtension {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(ServerExtension.class);

  /** The kind of server this extension gives. */
  abstract ServerKind kind();

  @Override
  public final boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == DynamoServer.class;
  }

  @Override
  public final DynamoServer resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return server(context, kind());
  }

  /**
   * The JVM's server of that kind. It lives in the root context's store, which closes it (an
   * AutoCloseable) once every test has run.
   */
  static DynamoServer server(ExtensionContext context, ServerKind kind) {
    DynamoServer server = context.getRoot().getStore(NAMESPACE)
        .computeIfAbsent(kind, DynamoServer::start, DynamoServer.class);
    server.checkRunning();
    return server;
  }
}
