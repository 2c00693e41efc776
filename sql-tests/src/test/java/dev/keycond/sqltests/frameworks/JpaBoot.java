package dev.keycond.sqltests.frameworks;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.FreshTables;
import dev.keycond.sqltests.support.Keycond;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.util.Properties;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
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

  /** A HikariCP pool of keycond connections; the caller closes it. */
  static HikariDataSource hikari(DynamoServer moto, FreshTables tables) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(Keycond.url(moto));
    config.addDataSourceProperty("mapping", tables.mapping());
    config.setMaximumPoolSize(2);
    return new HikariDataSource(config);
  }

  /** A DataSource with no pool: each connection is the driver's own, opened and closed per use. */
  static DataSource plainDataSource(DynamoServer moto, FreshTables tables) {
    Properties properties = new Properties();
    properties.setProperty("mapping", tables.mapping());
    SimpleDriverDataSource dataSource = new SimpleDriverDataSource(new dev.keycond.Driver(), Keycond.url(moto));
    dataSource.setConnectionProperties(properties);
    return dataSource;
  }

  /** The entities and validation, for a connection configured by the caller. */
  static HibernatePersistenceConfiguration entities() {
    return new HibernatePersistenceConfiguration("keycond")
        .managedClasses(DriveFile.class, Project.class)
        .property("hibernate.hbm2ddl.auto", "validate");
  }
}
