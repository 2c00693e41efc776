package dev.keycond.sqltests.frameworks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.hibernate.KeycondDialect;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.LockModeType;
import java.util.List;
import jakarta.persistence.PersistenceException;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.hibernate.tool.schema.spi.SchemaManagementException;
import org.junit.jupiter.api.Test;

/** Hibernate with no dialect setting and its built-in pool: it finds keycond's dialect itself. */
class KeycondDialectTest extends HibernateFlows {
  @Override
  EntityManagerFactory boot(DynamoServer moto, FreshTables tables) {
    return JpaBoot.builtInPool(moto, tables).createEntityManagerFactory();
  }

  @Test
  void hibernateFoundKeycondsDialectByItself() {
    assertInstanceOf(KeycondDialect.class,
        factory.unwrap(SessionFactoryImplementor.class).getJdbcServices().getDialect());
  }

  @Test
  void anotherDatabaseIsLeftToHibernatesOwnResolvers() {
    try (EntityManagerFactory h2 = new HibernatePersistenceConfiguration("h2")
        .jdbcUrl("jdbc:h2:mem:frameworks").createEntityManagerFactory()) {
      assertInstanceOf(H2Dialect.class, h2.unwrap(SessionFactoryImplementor.class).getJdbcServices().getDialect());
    }
  }

  @Test
  void aPessimisticLockReadsWithoutForUpdate() {
    put("docs/a", 1);
    RequestRecorder.clear();
    DriveFile file = read(em -> {
      em.getTransaction().begin();
      try {
        return em.find(DriveFile.class, new FileKey("aPessimisticLockReadsWithoutForUpdate", "docs/a"),
            LockModeType.PESSIMISTIC_WRITE);
      } finally {
        em.getTransaction().rollback();
      }
    });
    assertEquals(1L, file.getSize());
    assertEquals(List.of("GetItem"), operations());
  }

  /** JPQL's concat, || and locate, in SQL keycond reads; each is still the one GetItem of its key. */
  @Test
  void jpqlStringFunctionsAreSqlKeycondReads() {
    put("docs/a", 1);
    String byKey = " from DriveFile f where f.account = :account and f.path = 'docs/a'";
    RequestRecorder.clear();
    List<Object> read = read(em -> List.of(
        em.createQuery("select concat(f.account, '|', f.path)" + byKey, String.class).setParameter("account", account)
            .getSingleResult(),
        em.createQuery("select f.path || '!'" + byKey, String.class).setParameter("account", account)
            .getSingleResult(),
        em.createQuery("select locate('a', f.path)" + byKey, Integer.class).setParameter("account", account)
            .getSingleResult(),
        em.createQuery("select locate('/', f.path, 3)" + byKey, Integer.class).setParameter("account", account)
            .getSingleResult(),
        em.createQuery("select position('s' in f.path)" + byKey, Integer.class).setParameter("account", account)
            .getSingleResult()));
    assertEquals(List.of(account + "|docs/a", "docs/a!", 6, 5, 4), read);
    assertEquals(List.of("GetItem", "GetItem", "GetItem", "GetItem", "GetItem"), operations());
  }

  @Test
  void validateReportsAColumnTheMappingLacks(DynamoServer moto) {
    String mapping = tables.mapping();
    String name = ", \"name\": \"VARCHAR\"";
    int at = mapping.indexOf(name);
    String withoutName = mapping.substring(0, at) + mapping.substring(at + name.length());
    PersistenceException e = assertThrows(PersistenceException.class,
        () -> JpaBoot.builtInPool(moto, tables).property("hibernate.connection.mapping", withoutName)
            .createEntityManagerFactory().close());
    SchemaManagementException validation = assertInstanceOf(SchemaManagementException.class, e.getCause());
    assertEquals("Schema validation: missing column [name] in table [files]", validation.getMessage());
  }

}
