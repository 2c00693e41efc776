package dev.keycond.sqltests.hierarchy;

import static dev.keycond.sqltests.support.Keycond.joined;
import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.hierarchy.GeneratedTree.Node;
import dev.keycond.sqltests.hierarchy.GeneratedTree.Reached;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Deep trees (issue 4): a walk down is one Query however many levels it crosses, a walk up one
 * BatchGetItem (two past 100 ancestors, BatchGetItem's limit), and the rows are exactly what the
 * recursion gives, which {@link GeneratedTree} computes level by level for comparison.
 *
 * <p>Account {@code deep} is a generated tree: a spine root/n00/n01/.../n29/ (31 levels below
 * the top) with, at every level, files, random side branches, a sibling file named like the next
 * spine folder without its '/', a sibling folder with an 'X' suffix, hidden folders (for step
 * conditions) and orphans (items under folders that are not items). Account {@code twin} holds
 * the same paths. Account {@code chain} is one chain 120 folders deep.
 */
@ExtendWith(DynaliteExtension.class)
class DeepTreeTest {
  private static final int SPINE = 30;
  private static final int CHAIN = 120;

  private static final String WALK_DOWN = """
      WITH RECURSIVE t AS (
        SELECT account, path, 0 AS lvl FROM files WHERE account = ? AND path = ?
        UNION ALL
        SELECT f.account, f.path, t.lvl + 1 FROM files f
        JOIN t ON f.parent = t.path AND f.account = t.account)
      SELECT path, lvl FROM t ORDER BY path""";

  private static final String WALK_UP = """
      WITH RECURSIVE u AS (
        SELECT account, path, parent, 0 AS lvl FROM files WHERE account = ? AND path = ?
        UNION ALL
        SELECT f.account, f.path, f.parent, u.lvl + 1 FROM files f
        JOIN u ON f.path = u.parent AND f.account = u.account)
      SELECT path, lvl FROM u""";

  static final GeneratedTree TREE = generate();

  private static Connection connection;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    TREE.writeTo(server);
    connection = Keycond.connect(server, "tree-deep");
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  @BeforeEach
  void forgetEarlierRequests() {
    RequestRecorder.clear();
  }

  private static GeneratedTree generate() {
    GeneratedTree tree = new GeneratedTree("tree_Deep");
    for (String account : List.of("deep", "twin")) {
      long bump = account.equals("twin") ? 1 : 0;
      // The same seed for both accounts: the twin holds the same paths, with other sizes.
      Random local = new Random(4);
      tree.add(account, "root/", null, false, 0);
      String folder = "root/";
      for (int level = 0; level < SPINE; level++) {
        String name = String.format("n%02d", level);
        tree.add(account, folder + "f" + level + ".txt", 10L * level + bump, false, 0);
        // Siblings of the next spine folder: a file of the same name and a folder with a suffix.
        tree.add(account, folder + name, 1L + bump, false, 0);
        tree.add(account, folder + name + "X/", null, false, 0);
        tree.add(account, folder + name + "X/in-x.txt", 2L + bump, false, 0);
        if (level % 4 == 1) {
          // A hidden folder: a step condition on hidden prunes it with everything below it.
          tree.add(account, folder + "hid/", null, true, 0);
          tree.add(account, folder + "hid/shown.txt", 3L + bump, false, 0);
          tree.add(account, folder + "hid/sub/", null, false, 0);
          tree.add(account, folder + "hid/sub/deeper.txt", 4L + bump, false, 0);
        }
        if (level % 5 == 2) {
          // Orphans: ghost/ is not an item, so nothing below it is reached.
          tree.add(account, folder + "ghost/lost.txt", 5L + bump, false, 0);
          tree.add(account, folder + "ghost/sub/", null, false, 0);
          tree.add(account, folder + "ghost/sub/lost-too.txt", 6L + bump, false, 0);
        }
        int branches = local.nextInt(3);
        for (int b = 0; b < branches; b++) {
          String branch = folder + "b" + b + "/";
          tree.add(account, branch, null, local.nextInt(6) == 0, 0);
          int depth = 1 + local.nextInt(3);
          for (int d = 0; d < depth; d++) {
            tree.add(account, branch + "file" + d, (long) local.nextInt(1000) + bump,
                local.nextInt(5) == 0, 0);
            branch = branch + "d" + d + "/";
            tree.add(account, branch, null, false, 0);
          }
        }
        folder = folder + name + "/";
        tree.add(account, folder, null, false, 0);
      }
      tree.add(account, folder + "bottom.txt", 99L + bump, false, 0);
    }
    String chain = "root/";
    tree.add("chain", chain, null, false, 0);
    for (int level = 1; level <= CHAIN; level++) {
      chain = chain + String.format("c%03d/", level);
      tree.add("chain", chain, null, false, 0);
    }
    tree.add("chain", chain + "end.txt", 1L, false, 0);
    return tree;
  }

  private static String spineFolder(int levels) {
    StringBuilder path = new StringBuilder("root/");
    for (int level = 0; level < levels; level++) {
      path.append(String.format("n%02d/", level));
    }
    return path.toString();
  }

  @Test
  void theWholeDeepTreeIsOneQueryWithTheRecursionsRowsAndLevels() throws SQLException {
    List<Reached> expected = TREE.walkDown("deep", "root/", n -> true, n -> true);
    assertTrue(expected.stream().mapToInt(Reached::level).max().orElse(0) >= SPINE,
        "the generated tree is at least " + SPINE + " levels deep");

    assertEquals(GeneratedTree.pathsAndLevels(expected), walk(WALK_DOWN, "deep", "root/"));

    RecordedRequest request = onlyRequest();
    assertEquals("Query", request.operation());
    assertEquals("PK = 'DRIVE#deep' AND begins_with(SK, 'root/')", request.keyCondition());
    assertEquals(null, request.exclusiveStartKey());
  }

  @Test
  void orphansAndTheOtherAccountAreLeftOut() throws SQLException {
    List<String> paths = walk(WALK_DOWN, "deep", "root/").stream()
        .map(row -> row.substring(0, row.lastIndexOf(' '))).toList();
    assertTrue(paths.stream().noneMatch(p -> p.contains("/ghost/")),
        "items under a folder that is not an item are not reached: " + paths);
    // The slice does hold them: the walk had to leave them out.
    assertTrue(TREE.slice("deep", "root/").stream().anyMatch(n -> n.path().contains("/ghost/")));
    // The twin account's paths are the same, but its rows are not in the walk: as many rows as
    // the recursion over 'deep' alone gives.
    assertEquals(TREE.walkDown("deep", "root/", n -> true, n -> true).size(), paths.size());
  }

  @Test
  void aWalkFromEveryFolderOfTheSpineIsOneQueryOfThatFolder() throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(WALK_DOWN)) {
      for (int levels = 0; levels <= SPINE; levels++) {
        String root = spineFolder(levels);
        assertEquals(GeneratedTree.pathsAndLevels(TREE.walkDown("deep", root, n -> true, n -> true)),
            joined(query(statement, "deep", root)), "walk from " + root);
        assertEquals("PK = 'DRIVE#deep' AND begins_with(SK, '" + root + "')", onlyRequest().keyCondition());
      }
    }
  }

  @Test
  void aStepConditionPrunesEverySubtreeBelowARowItRejects() throws SQLException {
    String sql = """
        WITH RECURSIVE t AS (
          SELECT account, path, 0 AS lvl FROM files WHERE account = 'deep' AND path = 'root/'
          UNION ALL
          SELECT f.account, f.path, t.lvl + 1 FROM files f
          JOIN t ON f.parent = t.path AND f.account = t.account WHERE f.hidden = false)
        SELECT path, lvl FROM t ORDER BY path""";
    List<Reached> expected = TREE.walkDown("deep", "root/", n -> true, n -> !n.hidden());
    // Pruning matters here: below the hidden folders lie rows that are not hidden themselves.
    assertTrue(expected.size() < TREE.walkDown("deep", "root/", n -> true, n -> true).size());
    assertTrue(expected.stream().noneMatch(r -> r.node().path().contains("/hid/")));

    assertEquals(GeneratedTree.pathsAndLevels(expected), joined(query(connection, sql)));
    assertEquals("PK = 'DRIVE#deep' AND begins_with(SK, 'root/')", onlyRequest().keyCondition());
  }

  @Test
  void theWalkUpFromTheBottomIsOneBatchGetItemOfEveryPrefix() throws SQLException {
    String bottom = spineFolder(SPINE) + "bottom.txt";
    List<Reached> expected = TREE.walkUp("deep", bottom);
    assertEquals(SPINE + 2, expected.size());

    assertEquals(GeneratedTree.pathsAndLevels(expected), walk(WALK_UP, "deep", bottom));

    RecordedRequest request = onlyRequest();
    assertEquals("BatchGetItem", request.operation());
    assertEquals(expected.stream()
            .map(r -> "{PK: 'DRIVE#deep', SK: '" + r.node().path() + "'}")
            .collect(Collectors.toSet()),
        new HashSet<>(request.keys()));
  }

  @Test
  void aChainOf120FoldersIsOneQueryDown() throws SQLException {
    List<Reached> expected = TREE.walkDown("chain", "root/", n -> true, n -> true);
    assertEquals(CHAIN + 2, expected.size());
    assertEquals(GeneratedTree.pathsAndLevels(expected), walk(WALK_DOWN, "chain", "root/"));
    assertEquals("PK = 'DRIVE#chain' AND begins_with(SK, 'root/')", onlyRequest().keyCondition());
  }

  @Test
  void theWalkUpPast100AncestorsIsTwoBatchGetItems() throws SQLException {
    Node end = TREE.slice("chain", "root/").stream()
        .filter(n -> n.path().endsWith("end.txt")).findFirst().orElseThrow();
    List<Reached> expected = TREE.walkUp("chain", end.path());
    assertEquals(CHAIN + 2, expected.size());

    assertEquals(GeneratedTree.pathsAndLevels(expected), walk(WALK_UP, "chain", end.path()));

    // BatchGetItem takes 100 keys a request: 122 keys are two requests (and never one per level).
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertEquals(2, requests.size(), requests::toString);
    Set<String> keys = new HashSet<>();
    for (RecordedRequest request : requests) {
      assertEquals("BatchGetItem", request.operation(), request::toString);
      assertTrue(request.keys().size() <= 100, request::toString);
      keys.addAll(request.keys());
    }
    assertEquals(expected.stream()
            .map(r -> "{PK: 'DRIVE#chain', SK: '" + r.node().path() + "'}")
            .collect(Collectors.toSet()), keys);
  }

  /** Runs a two-parameter walk and returns its rows as "path level". */
  private static List<String> walk(String sql, String account, String path) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      return joined(query(statement, account, path));
    }
  }
}
