package dev.keycond.planner.sql;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.MetadataHandlerProvider;
import org.apache.calcite.rel.metadata.ProxyingMetadataHandlerProvider;

/**
 * Calcite's metadata handlers as reflective proxies (Janino would compile them, which costs most of
 * a cold start). Every statement's metadata query asks for them all; a proxy holds nothing of a
 * statement, so each is made once.
 */
public final class MetadataHandlers implements MetadataHandlerProvider {
  public static final MetadataHandlers INSTANCE = new MetadataHandlers();

  private final MetadataHandlerProvider proxies = new ProxyingMetadataHandlerProvider(DefaultRelMetadataProvider.INSTANCE);
  private final Map<Class<?>, MetadataHandler<?>> handlers = new ConcurrentHashMap<>();

  private MetadataHandlers() {}

  @Override
  public <MH extends MetadataHandler<?>> MH handler(Class<MH> handlerClass) {
    return handlerClass.cast(handlers.computeIfAbsent(handlerClass, c -> proxies.handler(handlerClass)));
  }
}
