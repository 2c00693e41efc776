package dev.keycond.sqltests.frameworks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.RollbackException;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.ParameterExpression;
import jakarta.persistence.criteria.Root;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.hibernate.exception.ConstraintViolationException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * What a team does with Hibernate ORM over the drive's {@code files}, unmodified, with each request
 * keycond sends and the server's items read back with the raw SDK. Each subclass boots one
 * EntityManagerFactory (with {@code hbm2ddl.auto=validate}) its own way, on moto, since the writes
 * are transactions; each test works in an account of its own.
 */
@ExtendWith(MotoExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class HibernateFlows {
  FreshTables tables;
  EntityManagerFactory factory;
  String account;

  /** The factory under test, over the tables' mapping. */
  abstract EntityManagerFactory boot(DynamoServer moto, FreshTables tables);

  @BeforeAll
  void bootOnce(DynamoServer moto) {
    tables = FreshTables.create(moto);
    factory = boot(moto, tables);
  }

  @AfterAll
  void close() {
    factory.close();
  }

  @BeforeEach
  void accountOfItsOwn(TestInfo test) {
    account = test.getTestMethod().orElseThrow().getName();
  }

  @Test
  void findByTheCompositeIdIsOneGetItem() {
    put("docs/a.txt", 5);
    RequestRecorder.clear();
    DriveFile file = read(em -> em.find(DriveFile.class, new FileKey(account, "docs/a.txt")));
    assertEquals(List.of("GetItem"), operations());
    assertEquals(List.of("{PK: 'DRIVE#" + account + "', SK: 'docs/a.txt'}"), onlyRequest().keys());
    assertEquals(5L, file.getSize());
    assertEquals(0, file.getVersion());
  }

  @Test
  void findOfAMissingIdIsOneGetItemAndNull() {
    RequestRecorder.clear();
    assertNull(read(em -> em.find(DriveFile.class, new FileKey(account, "nowhere"))));
    assertEquals(List.of("GetItem"), operations());
  }

  @Test
  void jpqlLikeOfAPrefixIsOneQuery() {
    putThreeDocsAndANote();
    RequestRecorder.clear();
    List<DriveFile> files = read(em -> em.createQuery(
            "select f from DriveFile f where f.account = :account and f.path like :prefix order by f.path",
            DriveFile.class)
        .setParameter("account", account).setParameter("prefix", "docs/%").getResultList());
    assertEquals(List.of("docs/a", "docs/b", "docs/c"), paths(files));
    assertEquals("PK = 'DRIVE#" + account + "' AND begins_with(SK, 'docs/')", onlyRequest().keyCondition());
  }

  @Test
  void criteriaLikeOfAPrefixIsOneQuery() {
    putThreeDocsAndANote();
    RequestRecorder.clear();
    List<DriveFile> files = read(em -> {
      CriteriaBuilder builder = em.getCriteriaBuilder();
      CriteriaQuery<DriveFile> query = builder.createQuery(DriveFile.class);
      Root<DriveFile> file = query.from(DriveFile.class);
      ParameterExpression<String> prefix = builder.parameter(String.class);
      query.where(builder.equal(file.get("account"), account), builder.like(file.get("path"), prefix))
          .orderBy(builder.asc(file.get("path")));
      return em.createQuery(query).setParameter(prefix, "docs/%").getResultList();
    });
    assertEquals(List.of("docs/a", "docs/b", "docs/c"), paths(files));
    assertEquals("PK = 'DRIVE#" + account + "' AND begins_with(SK, 'docs/')", onlyRequest().keyCondition());
  }

  @Test
  void firstResultAndMaxResultsPageTheQuery() {
    putThreeDocsAndANote();
    RequestRecorder.clear();
    List<DriveFile> page = read(em -> em.createQuery(
            "select f from DriveFile f where f.account = :account order by f.path", DriveFile.class)
        .setParameter("account", account).setFirstResult(1).setMaxResults(2).getResultList());
    assertEquals(List.of("docs/b", "docs/c"), paths(page));
    assertEquals(List.of("Query"), operations());
    assertEquals("PK = 'DRIVE#" + account + "'", onlyRequest().keyCondition());
  }

  @Test
  void aNativeQueryIsPagedByTheDialectsLimitClause() {
    putThreeDocsAndANote();
    RequestRecorder.clear();
    List<?> page = read(em -> em.createNativeQuery(
            "select path from files where account = ? order by path", String.class)
        .setParameter(1, account).setFirstResult(1).setMaxResults(2).getResultList());
    assertEquals(List.of("docs/b", "docs/c"), page);
    assertEquals("PK = 'DRIVE#" + account + "'", onlyRequest().keyCondition());
  }

  @Test
  void persistMergeAndRemoveCommitOneTransactWriteItems() {
    put("docs/changed", 1);
    put("docs/gone", 2);
    DriveFile detached = read(em -> em.find(DriveFile.class, new FileKey(account, "docs/changed")));
    detached.setSize(10);
    RequestRecorder.clear();
    write(em -> {
      em.persist(new DriveFile(account, "docs/new", 3, "new"));
      em.merge(detached);
      em.remove(em.find(DriveFile.class, new FileKey(account, "docs/gone")));
    });
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    List<String> operations = sent.stream().map(RecordedRequest::operation).toList();
    assertEquals("TransactWriteItems", operations.get(operations.size() - 1), operations::toString);
    assertEquals(1, operations.stream().filter(o -> !o.equals("GetItem")).count(), operations::toString);
    List<TransactWriteItem> actions = sent.get(sent.size() - 1).raw(TransactWriteItemsRequest.class).transactItems();
    assertEquals(3, actions.size(), actions::toString);
    assertEquals(Map.of("docs/changed", "10", "docs/new", "3"), serverSizes());
  }

  @Test
  void aRollbackSendsNothingAndWritesNothing() {
    put("docs/kept", 1);
    EntityManager em = factory.createEntityManager();
    try {
      em.getTransaction().begin();
      em.persist(new DriveFile(account, "docs/new", 3, "new"));
      em.remove(em.find(DriveFile.class, new FileKey(account, "docs/kept")));
      em.flush();
      RequestRecorder.clear();
      em.getTransaction().rollback();
      assertEquals(List.of(), RequestRecorder.dataRequests());
    } finally {
      em.close();
    }
    assertEquals(Map.of("docs/kept", "1"), serverSizes());
  }

  @Test
  void aStaleVersionIsAnOptimisticLockExceptionAndNothingIsWritten() {
    write(em -> em.persist(new DriveFile(account, "docs/a", 1, "a")));
    DriveFile stale = read(em -> em.find(DriveFile.class, new FileKey(account, "docs/a")));
    DriveFile fresh = read(em -> em.find(DriveFile.class, new FileKey(account, "docs/a")));
    fresh.setSize(2);
    write(em -> em.merge(fresh));
    stale.setSize(3);
    // The UPDATE's WHERE names the version it read, which keycond finds changed: 0 rows.
    assertThrows(OptimisticLockException.class, () -> write(em -> em.merge(stale)));
    assertEquals(Map.of("docs/a", "2"), serverSizes());
  }

  @Test
  void aWriterThatChangesTheItemAfterTheFlushCancelsTheCommitWith40001() {
    put("docs/a", 1);
    RollbackException e = assertThrows(RollbackException.class, () -> write(em -> {
      em.find(DriveFile.class, new FileKey(account, "docs/a")).setSize(2);
      em.flush();
      put("docs/a", 50);
    }));
    assertEquals("40001", sqlCause(e).getSQLState());
    assertEquals(Map.of("docs/a", "50"), serverSizes());
  }

  /**
   * An INSERT in a transaction reads its key when it runs, so a persisted duplicate id fails at the
   * flush, as the dialect's ConstraintViolationException (at commit it would be a RollbackException),
   * and nothing is sent to be written.
   */
  @Test
  void aDuplicateIdIsAConstraintViolationAtTheFlushAndNothingIsWritten() {
    put("docs/a", 1);
    RequestRecorder.clear();
    EntityManager em = factory.createEntityManager();
    try {
      em.getTransaction().begin();
      em.persist(new DriveFile(account, "docs/a", 2, "again"));
      ConstraintViolationException e = assertThrows(ConstraintViolationException.class, em::flush);
      assertEquals(duplicateKeyKind(), e.getKind());
      assertEquals("23505", e.getSQLState());
      assertTrue(e.getSQLException().getMessage().contains("key {PK=DRIVE#" + account + ", SK=docs/a}"),
          e.getSQLException()::getMessage);
      em.getTransaction().rollback();
    } finally {
      em.close();
    }
    assertEquals(List.of("GetItem"), operations(), "the INSERT read its key; nothing was written");
    assertEquals(Map.of("docs/a", "1"), serverSizes());
  }

  /** Hibernate's batched inserts are one executeBatch, whose keys keycond reads in one BatchGetItem. */
  @Test
  void batchedInsertsReadTheirKeysInOneBatchGetItem() {
    RequestRecorder.clear();
    write(em -> {
      em.unwrap(org.hibernate.Session.class).setJdbcBatchSize(20);
      for (int i = 0; i < 5; i++) {
        em.persist(new DriveFile(account, "docs/" + i, i, "f" + i));
      }
    });
    assertEquals(List.of("BatchGetItem", "TransactWriteItems"), operations());
    assertEquals(Map.of("docs/0", "0", "docs/1", "1", "docs/2", "2", "docs/3", "3", "docs/4", "4"), serverSizes());
  }

  /** A duplicate keycond sees when the statement runs (a key the transaction wrote) is the dialect's. */
  @Test
  void aDuplicateIdInOneFlushIsHibernatesConstraintViolationException() {
    write(em -> em.persist(new DriveFile(account, "docs/a", 1, "a")));
    ConstraintViolationException e = assertThrows(ConstraintViolationException.class, () -> write(em -> {
      em.persist(new DriveFile(account, "docs/b", 2, "b"));
      em.flush();
      em.createNativeQuery("insert into files (account, path, size) values (?, 'docs/b', 3)")
          .setParameter(1, account).executeUpdate();
    }));
    assertEquals(duplicateKeyKind(), e.getKind());
    assertEquals("23505", e.getSQLState());
    assertEquals(Map.of("docs/a", "1"), serverSizes());
  }

  // ---------------------------------------------------------------- helpers

  /** What the dialect makes of 23505: keycond's names it a unique key. */
  ConstraintViolationException.ConstraintKind duplicateKeyKind() {
    return ConstraintViolationException.ConstraintKind.UNIQUE;
  }

  <T> T read(java.util.function.Function<EntityManager, T> work) {
    EntityManager em = factory.createEntityManager();
    try {
      return work.apply(em);
    } finally {
      em.close();
    }
  }

  void write(Consumer<EntityManager> work) {
    EntityManager em = factory.createEntityManager();
    try {
      em.getTransaction().begin();
      work.accept(em);
      em.getTransaction().commit();
    } finally {
      if (em.getTransaction().isActive()) {
        em.getTransaction().rollback();
      }
      em.close();
    }
  }

  private void putThreeDocsAndANote() {
    put("docs/b", 2);
    put("docs/a", 1);
    put("docs/c", 3);
    put("notes/x", 4);
  }

  void put(String path, long size) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("PK", AttributeValue.fromS("DRIVE#" + account));
    item.put("SK", AttributeValue.fromS(path));
    item.put("size", AttributeValue.fromN(Long.toString(size)));
    item.put("version", AttributeValue.fromN("0"));
    tables.put(tables.drive, item);
  }

  /** The size of each of this test's items on the server, by path. */
  Map<String, String> serverSizes() {
    Map<String, String> sizes = new HashMap<>();
    for (Map<String, AttributeValue> item : tables.items(tables.drive)) {
      if (item.get("PK").s().equals("DRIVE#" + account)) {
        sizes.put(item.get("SK").s(), item.get("size").n());
      }
    }
    return sizes;
  }

  private static List<String> paths(List<DriveFile> files) {
    return files.stream().map(DriveFile::getPath).toList();
  }

  static List<String> operations() {
    return RequestRecorder.dataRequests().stream().map(RecordedRequest::operation).toList();
  }

  static RecordedRequest onlyRequest() {
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertEquals(1, requests.size(), requests::toString);
    return requests.get(0);
  }

  /** The driver's SQLException under a framework's exceptions. */
  static SQLException sqlCause(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql) {
        return sql;
      }
    }
    throw new AssertionError("no SQLException under " + e, e);
  }
}
