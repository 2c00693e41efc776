package dev.keycond.sqltests.frameworks;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.FreshTables;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.exception.ConstraintViolationException;
import org.hibernate.dialect.PostgreSQLDialect;

/**
 * The same flows with {@code hibernate.dialect} set to PostgreSQL's, as a team that knows
 * PostgreSQL would: its composite-id reads ({@code (a, b) in ((?, ?))}) and its LIKE
 * ({@code like ? escape ''}) are planned as key reads all the same.
 */
class PostgreSQLDialectTest extends HibernateFlows {
  @Override
  EntityManagerFactory boot(DynamoServer moto, FreshTables tables) {
    return JpaBoot.builtInPool(moto, tables)
        .property("hibernate.dialect", PostgreSQLDialect.class.getName())
        .createEntityManagerFactory();
  }

  /** PostgreSQL's dialect does not know keycond's SQLStates: a duplicate key is of no particular kind. */
  @Override
  ConstraintViolationException.ConstraintKind duplicateKeyKind() {
    return ConstraintViolationException.ConstraintKind.OTHER;
  }
}
