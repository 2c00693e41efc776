package dev.keycond.sqltests.frameworks;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.FreshTables;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.exception.ConstraintViolationException;
import org.hibernate.dialect.H2Dialect;

/** The same flows with {@code hibernate.dialect} set to H2's, as a team testing on H2 would. */
class H2DialectTest extends HibernateFlows {
  @Override
  EntityManagerFactory boot(DynamoServer moto, FreshTables tables) {
    return JpaBoot.builtInPool(moto, tables)
        .property("hibernate.dialect", H2Dialect.class.getName())
        .createEntityManagerFactory();
  }

  /** H2's dialect does not know keycond's SQLStates: a duplicate key is of no particular kind. */
  @Override
  ConstraintViolationException.ConstraintKind duplicateKeyKind() {
    return ConstraintViolationException.ConstraintKind.OTHER;
  }
}
