package dev.keycond.sqltests.frameworks;

import com.zaxxer.hikari.HikariDataSource;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.FreshTables;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.AfterAll;

/** The same flows over a HikariCP pool handed to Hibernate as its DataSource. */
class HikariPoolTest extends HibernateFlows {
  private HikariDataSource pool;

  @Override
  EntityManagerFactory boot(DynamoServer moto, FreshTables tables) {
    pool = JpaBoot.hikari(moto, tables);
    return JpaBoot.entities().property("jakarta.persistence.nonJtaDataSource", pool).createEntityManagerFactory();
  }

  @AfterAll
  void closePool() {
    pool.close();
  }
}
