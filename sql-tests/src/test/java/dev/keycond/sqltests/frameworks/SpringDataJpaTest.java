package dev.keycond.sqltests.frameworks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Spring Data JPA 4.1 repositories over keycond, unmodified: one Spring context on a HikariCP
 * pool for the class, on moto; each test in a workspace of its own. Every request is checked, and
 * the server's items read back with the raw SDK.
 */
@ExtendWith(MotoExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SpringDataJpaTest {
  private FreshTables tables;
  private HikariDataSource pool;
  private AnnotationConfigApplicationContext context;
  private ProjectRepository projects;
  private String workspace;

  @BeforeAll
  void start(DynamoServer moto) {
    tables = FreshTables.create(moto);
    pool = JpaBoot.hikari(moto, tables);
    context = new AnnotationConfigApplicationContext();
    context.registerBean(DataSource.class, () -> pool);
    context.register(SpringJpaConfiguration.class);
    context.refresh();
    projects = context.getBean(ProjectRepository.class);
  }

  @AfterAll
  void stop() {
    context.close();
    pool.close();
  }

  @BeforeEach
  void workspaceOfItsOwn(TestInfo test) {
    workspace = test.getTestMethod().orElseThrow().getName();
  }

  @Test
  void saveOfANewEntityCommitsOneTransactWriteItems() {
    RequestRecorder.clear();
    projects.save(new Project(workspace, "p1", "Apollo", "active"));
    // The INSERT read its key when Hibernate flushed it; the commit wrote it, expecting it still free.
    assertEquals(List.of("GetItem", "TransactWriteItems"), operations());
    TransactWriteItemsRequest transaction = RequestRecorder.dataRequests().get(1).raw(TransactWriteItemsRequest.class);
    assertEquals("attribute_not_exists(#a0)", transaction.transactItems().get(0).put().conditionExpression());
    assertEquals(Map.of("PROJ#p1", "Apollo active 0"), serverProjects());
  }

  @Test
  void findByIdIsOneGetItemAndSaveOfAChangeIsAVersionedUpdate() {
    projects.save(new Project(workspace, "p1", "Apollo", "active"));
    RequestRecorder.clear();
    Project found = projects.findById(new ProjectKey(workspace, "p1")).orElseThrow();
    assertEquals(List.of("GetItem"), operations());
    assertEquals(List.of("{Detail: 'PROJ#p1', EntityRef: 'WS#" + workspace + "'}"), onlyRequest().keys());
    found.setName("Artemis");
    projects.save(found);
    assertEquals(Map.of("PROJ#p1", "Artemis active 1"), serverProjects());
  }

  @Test
  void derivedFindersAreQueriesOfThePartitionAndOfTheIndex() {
    saveThree();
    RequestRecorder.clear();
    List<Project> started = projects.findByWorkspaceIdAndIdStartingWithOrderById(workspace, "a");
    assertEquals(List.of("a1", "a2"), ids(started));
    assertEquals("EntityRef = 'WS#" + workspace + "' AND begins_with(Detail, 'PROJ#a')", onlyRequest().keyCondition());

    RequestRecorder.clear();
    List<Project> archived = projects.findByStatusOrderById("archived-" + workspace);
    assertEquals(List.of("a2"), ids(archived));
    assertEquals("GSI1", onlyRequest().indexName());
  }

  @Test
  void aPageableFinderPagesOneQueryAndCountsTheRest() {
    saveThree();
    RequestRecorder.clear();
    Page<Project> page = projects.findByWorkspaceId(workspace, PageRequest.of(1, 2, Sort.by("id")));
    assertEquals(List.of("b1"), ids(page.getContent()));
    assertEquals(3, page.getTotalElements());
    for (RecordedRequest request : RequestRecorder.dataRequests()) {
      assertEquals("Query", request.operation(), request::toString);
      assertEquals("EntityRef = 'WS#" + workspace + "' AND begins_with(Detail, 'PROJ#')", request.keyCondition());
    }
  }

  @Test
  void deleteByIdReadsTheItemAndCommitsItsDelete() {
    saveThree();
    RequestRecorder.clear();
    projects.deleteById(new ProjectKey(workspace, "b1"));
    assertEquals(List.of("GetItem", "GetItem", "TransactWriteItems"), operations());
    assertEquals(List.of("PROJ#a1", "PROJ#a2"), List.copyOf(serverProjects().keySet()));
  }

  @Test
  void aTransactionalMethodThatFailsWritesNothing() {
    ProjectService service = context.getBean(ProjectService.class);
    RequestRecorder.clear();
    assertThrows(IllegalStateException.class, () -> service.saveThenFail(new Project(workspace, "p1", "Apollo", "active")));
    assertEquals(List.of("GetItem"), operations(), "the flushed INSERT read its key, and nothing was written");
    assertEquals(Map.of(), serverProjects());
  }

  @Test
  void saveAndFlushOfADuplicateIdIsADataIntegrityViolationAndNothingIsWritten() {
    projects.save(new Project(workspace, "p1", "Apollo", "active"));
    RequestRecorder.clear();
    DataIntegrityViolationException e = assertThrows(DataIntegrityViolationException.class,
        () -> projects.saveAndFlush(new Project(workspace, "p1", "Again", "archived")));
    SQLException cause = HibernateFlows.sqlCause(e);
    assertEquals("23505", cause.getSQLState(), cause::toString);
    assertEquals(List.of("GetItem"), operations(), "the flush read the key and found it; nothing was written");
    assertEquals(Map.of("PROJ#p1", "Apollo active 0"), serverProjects());
  }

  @Test
  void findAllWouldScanAndIsRefusedBeforeAnythingIsSent() {
    RequestRecorder.clear();
    InvalidDataAccessResourceUsageException e =
        assertThrows(InvalidDataAccessResourceUsageException.class, () -> projects.findAll());
    SQLException cause = HibernateFlows.sqlCause(e);
    assertEquals("42Z01", cause.getSQLState(), cause::toString);
    assertTrue(cause.getMessage().contains("scan=allow"), cause.getMessage());
    assertEquals(List.of(), operations());
  }

  // ---------------------------------------------------------------- helpers

  private void saveThree() {
    projects.saveAll(List.of(new Project(workspace, "a1", "one", "active"),
        new Project(workspace, "a2", "two", "archived-" + workspace),
        new Project(workspace, "b1", "three", "active")));
  }

  /** This test's projects on the server: sort key to "name status version". */
  private Map<String, String> serverProjects() {
    Map<String, String> found = new TreeMap<>();
    for (Map<String, AttributeValue> item : tables.items(tables.control)) {
      if (item.get("EntityRef").s().equals("WS#" + workspace)) {
        found.put(item.get("Detail").s(), item.get("name").s() + " " + item.get("status").s() + " "
            + item.get("version").n());
      }
    }
    return found;
  }

  private static List<String> ids(List<Project> found) {
    return found.stream().map(Project::getId).toList();
  }

  private static List<String> operations() {
    return HibernateFlows.operations();
  }

  private static RecordedRequest onlyRequest() {
    return HibernateFlows.onlyRequest();
  }
}
