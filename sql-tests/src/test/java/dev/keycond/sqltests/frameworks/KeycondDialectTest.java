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
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jakarta.persistence.PersistenceException;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.hibernate.tool.schema.spi.SchemaManagementException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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

  /**
   * JPQL's date arithmetic, timestampadd and timestampdiff (with bound parameters), and its numeric
   * and string functions, in SQL keycond reads: each is the one GetItem.
   */
  @Test
  void jpqlDateArithmeticAndFunctionsAreSqlKeycondReads() {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("PK", AttributeValue.fromS("DRIVE#" + account));
    item.put("SK", AttributeValue.fromS("docs/d"));
    item.put("size", AttributeValue.fromN("1000"));
    item.put("version", AttributeValue.fromN("0"));
    item.put("modified", AttributeValue.fromS("2026-01-30T09:00:00Z"));
    tables.put(tables.drive, item);
    String byKey = " from DriveFile f where f.account = :account and f.path = 'docs/d'";
    RequestRecorder.clear();
    List<Object> read = read(em -> List.of(
        em.createQuery("select timestampadd(month, 1, f.modified)" + byKey, LocalDateTime.class)
            .setParameter("account", account).getSingleResult(),
        em.createQuery("select f.modified + 90 minute" + byKey, LocalDateTime.class)
            .setParameter("account", account).getSingleResult(),
        em.createQuery("select f.modified + :seconds second" + byKey, LocalDateTime.class)
            .setParameter("account", account).setParameter("seconds", 90).getSingleResult(),
        em.createQuery("select timestampdiff(hour, f.modified, :later)" + byKey, Long.class)
            .setParameter("account", account).setParameter("later", LocalDateTime.of(2026, 1, 31, 12, 30))
            .getSingleResult(),
        em.createQuery("select left(f.path, 4) || right(f.path, 2)" + byKey, String.class)
            .setParameter("account", account).getSingleResult(),
        em.createQuery("select sign(f.size - 2000)" + byKey, Integer.class).setParameter("account", account)
            .getSingleResult(),
        em.createQuery("select round(ln(exp(f.size / 500.0)), 3)" + byKey, Double.class)
            .setParameter("account", account).getSingleResult()));
    assertEquals(List.of(LocalDateTime.of(2026, 2, 28, 9, 0), LocalDateTime.of(2026, 1, 30, 10, 30),
        LocalDateTime.of(2026, 1, 30, 9, 1, 30), 27L, "docs/d", -1, 2.0), read);
    assertEquals(List.of("GetItem", "GetItem", "GetItem", "GetItem", "GetItem", "GetItem", "GetItem"), operations());
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
