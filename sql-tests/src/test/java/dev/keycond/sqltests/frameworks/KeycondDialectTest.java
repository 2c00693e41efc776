package dev.keycond.sqltests.frameworks;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.FreshTables;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.exception.ConstraintViolationException;

/** Hibernate with no dialect setting and its built-in pool: it finds keycond's dialect itself. */
class KeycondDialectTest extends HibernateFlows {
  @Override
  EntityManagerFactory boot(DynamoServer moto, FreshTables tables) {
    return JpaBoot.builtInPool(moto, tables).createEntityManagerFactory();
  }

  @Override
  ConstraintViolationException.ConstraintKind duplicateKeyKind() {
    return ConstraintViolationException.ConstraintKind.UNIQUE;
  }
}
