package dev.keycond.sqltests.frameworks;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.FreshTables;
import jakarta.persistence.EntityManagerFactory;

/** The same flows over a plain, unpooled DataSource that opens a keycond connection per use. */
class PlainDataSourceTest extends HibernateFlows {
  @Override
  EntityManagerFactory boot(DynamoServer moto, FreshTables tables) {
    return JpaBoot.entities()
        .property("jakarta.persistence.nonJtaDataSource", JpaBoot.plainDataSource(moto, tables))
        .createEntityManagerFactory();
  }
}
