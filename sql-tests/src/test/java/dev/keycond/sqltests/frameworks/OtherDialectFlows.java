package dev.keycond.sqltests.frameworks;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.FreshTables;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.dialect.Dialect;
import org.hibernate.exception.ConstraintViolationException;

/**
 * The flows with {@code hibernate.dialect} set to another database's, as a team that knows that
 * database would: what its dialect sends is planned as the same key reads.
 */
abstract class OtherDialectFlows extends HibernateFlows {
  /** The dialect the team sets. */
  abstract Class<? extends Dialect> dialect();

  @Override
  EntityManagerFactory boot(DynamoServer moto, FreshTables tables) {
    return JpaBoot.builtInPool(moto, tables)
        .property("hibernate.dialect", dialect().getName())
        .createEntityManagerFactory();
  }

  /** Another database's dialect does not know keycond's SQLStates: a duplicate key is of no particular kind. */
  @Override
  ConstraintViolationException.ConstraintKind duplicateKeyKind() {
    return ConstraintViolationException.ConstraintKind.OTHER;
  }
}
