package dev.keycond.hibernate;

import dev.keycond.Driver;
import org.hibernate.dialect.Dialect;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolutionInfo;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolver;

/**
 * Gives Hibernate the {@link KeycondDialect} when the connection's database is keycond's, so that
 * no {@code hibernate.dialect} setting is needed. Hibernate finds it with Java's ServiceLoader
 * (META-INF/services).
 */
public final class KeycondDialectResolver implements DialectResolver {
  @Override
  public Dialect resolveDialect(DialectResolutionInfo info) {
    return Driver.PRODUCT_NAME.equals(info.getDatabaseName()) ? new KeycondDialect(info) : null;
  }
}
