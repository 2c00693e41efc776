package dev.keycond.sqltests.frameworks;

import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.PostgreSQLDialect;

/**
 * PostgreSQL's dialect: its composite-id reads ({@code (a, b) in ((?, ?))}) and its LIKE
 * ({@code like ? escape ''}) are planned as key reads all the same.
 */
class PostgreSQLDialectTest extends OtherDialectFlows {
  @Override
  Class<? extends Dialect> dialect() {
    return PostgreSQLDialect.class;
  }
}
