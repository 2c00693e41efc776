package dev.keycond.sqltests.frameworks;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.FreshTables;
import dev.keycond.sqltests.support.Keycond;
import org.hibernate.jpa.HibernatePersistenceConfiguration;

/**
 * Hibernate's JPA bootstrap as a team writes it, with no persistence.xml: the entities, the URL and
 * keycond's {@code mapping} (which Hibernate's built-in pool forwards without its
 * {@code hibernate.connection.} prefix), and {@code hbm2ddl.auto=validate}, so that every
 * factory checks the entities against keycond's metadata when it boots.
 */
final class JpaBoot {
  private JpaBoot() {}

  /** Hibernate's built-in pool over DriverManager, with no dialect setting. */
  static HibernatePersistenceConfiguration builtInPool(DynamoServer moto, FreshTables tables) {
    return entities()
        .jdbcUrl(Keycond.url(moto))
        .property("hibernate.connection.mapping", tables.mapping());
  }

  /** The entities and validation, for a connection configured by the caller. */
  static HibernatePersistenceConfiguration entities() {
    return new HibernatePersistenceConfiguration("keycond")
        .managedClasses(DriveFile.class, Project.class)
        .property("hibernate.hbm2ddl.auto", "validate");
  }
}
