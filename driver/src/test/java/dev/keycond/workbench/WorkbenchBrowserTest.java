package dev.keycond.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keycond.demo.LocalServerProcess;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.testing.DemoDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The workbench page in a real headless browser: Debian's chromium, driven by the pinned
 * playwright-core (browser/workbench.mjs), against dynalite with the demo's data. It runs a
 * subtree by prefix, a workspace with its projects, a refused Scan and an Explain, and checks what the page
 * shows against what the driver says: the rows, the request cards, the highlighted items of each
 * slice and no others, the copy buttons' texts against EXPLAIN's, the refusal's fix. A screenshot
 * of each is saved under target/workbench-screenshots.
 */
class WorkbenchBrowserTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PREFIX = "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'";
  private static final String JOIN = "SELECT w.name AS workspace, p.name AS project FROM workspaces w "
      + "JOIN projects p ON p.workspace_id = w.id WHERE w.id = 'acme'";
  /** size > 0 is sent as the FilterExpression; LIKE '%.jpg' the driver checks itself. */
  private static final String CHECKED =
      "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/%' AND size > 0 AND path LIKE '%.jpg'";
  /** A lookup join: the BatchGetItem of its keys is known once the Query's rows are read. */
  private static final String LOOKUP = "SELECT f.path, w.plan FROM files f JOIN workspaces w ON w.id = f.parent "
      + "WHERE f.account = 'a91' AND f.path LIKE 'root/photos/%'";
  private static final String SCAN = "SELECT path, size FROM files WHERE size > 1000000";

  @Test
  void thePageShowsWhatTheDriverSays() throws Exception {
    Path chromium = Path.of(System.getProperty("keycond.chromium", "/usr/bin/chromium"));
    assertTrue(Files.isExecutable(chromium), "The workbench's browser tests need Debian's chromium at " + chromium
        + " (apt-get install chromium; .ci/run installs it when it runs as root)");
    Path browser = Path.of(System.getProperty("keycond.browser.dir", "browser")).toAbsolutePath().normalize();
    installPlaywright(browser);
    Path screenshots = Path.of(System.getProperty("keycond.screenshots", "target/workbench-screenshots"));
    Files.createDirectories(screenshots);
    Path scenarios = screenshots.resolve("scenarios.json");
    Files.writeString(scenarios, JSON.writeValueAsString(List.of(Map.of("name", "subtree", "sql", PREFIX),
        Map.of("name", "join", "sql", JOIN), Map.of("name", "refused", "sql", SCAN),
        Map.of("name", "explain", "sql", PREFIX, "button", "explain"), Map.of("name", "checked", "sql", CHECKED),
        Map.of("name", "lookup", "sql", LOOKUP))));

    DemoDatabase db = DemoDatabase.get();
    JsonNode seen;
    try (Connection connection = DriverManager.getConnection(db.url());
        WorkbenchServer server = WorkbenchServer.start(connection.unwrap(KeycondConnection.class), 0)) {
      seen = drive(browser, chromium, server.address(), screenshots.toAbsolutePath(), scenarios.toAbsolutePath());
    }
    assertEquals("[]", seen.get("pageErrors").toString());

    JsonNode subtree = seen.get("subtree");
    assertEquals("[\"path VARCHAR\",\"size BIGINT\"]", subtree.get("columns").toString());
    assertEquals("[[\"root/photos/\",\"0\"],[\"root/photos/2026/\",\"0\"],[\"root/photos/2026/beach.jpg\",\"2483017\"],"
        + "[\"root/photos/2026/sunset.jpg\",\"3120456\"]]", subtree.get("rows").toString());
    assertEquals("Cost: 1 Query, 4 items read, 0.5 RCU", subtree.get("cost").asText());
    assertEquals(1, subtree.get("cards").size(), subtree.toString());
    assertTrue(subtree.get("cards").get(0).get("json").asText().contains("begins_with"));
    assertTrue(subtree.get("cards").get(0).get("text").asText().contains("What the statement cost on table 'Drive': 0.5 RCU"),
        subtree.get("cards").toString());
    assertEquals(1, subtree.get("slices").size());
    assertEquals("[\"root/photos/\",\"root/photos/2026/\",\"root/photos/2026/beach.jpg\",\"root/photos/2026/sunset.jpg\"]",
        subtree.get("slices").get(0).get("read").toString());
    assertEquals("[]", subtree.get("slices").get(0).get("filtered").toString());
    assertEquals("[]", subtree.get("slices").get(0).get("rejected").toString());
    assertEquals(2, subtree.get("slices").get(0).get("boundaries").asInt());
    assertCopiesAreExplains(db, PREFIX, subtree.get("copies"));

    JsonNode join = seen.get("join");
    assertEquals("[[\"Acme Corp\",\"Launch 2026\"],[\"Acme Corp\",\"Rebrand\"],[\"Acme Corp\",\"Website\"]]",
        join.get("rows").toString());
    assertEquals(1, join.get("cards").size());
    JsonNode collection = join.get("slices").get(0);
    assertEquals("[\"META\",\"PROJ#2026-launch\",\"PROJ#2026-rebrand\",\"PROJ#website\"]", collection.get("read").toString());
    assertEquals(collection.get("items").toString(), collection.get("read").toString());
    assertEquals("[\"workspaces\",\"projects\",\"projects\",\"projects\"]", collection.get("entities").toString());
    assertCopiesAreExplains(db, JOIN, join.get("copies"));

    JsonNode refused = seen.get("refused");
    assertEquals("refusal", refused.get("messageKind").asText());
    assertTrue(refused.get("message").asText().startsWith("Refused: Reading table 'files' needs a full Scan"));
    String fix = "SELECT path, size FROM files WHERE account = <account> AND size > 1000000";
    assertEquals("[\"" + fix + "\"]", refused.get("fixes").toString());
    assertEquals(fix, refused.get("editorAfterFix").asText());
    assertEquals("Scan", refused.get("cards").get(0).get("operation").asText());
    assertTrue(refused.get("cards").get(0).get("text").asText().contains("Not sent: keycond refuses the statement"));
    assertEquals("[]", refused.get("slices").toString());
    assertEquals(List.of(SCAN, JOIN, PREFIX), texts(refused.get("history")));
    JsonNode explained = seen.get("explain");
    assertEquals(String.join("\n", explainLines(db, PREFIX)), explained.get("explain").asText());
    assertEquals("[]", explained.get("rows").toString());
    assertCopiesAreExplains(db, PREFIX, explained.get("copies"));
    JsonNode checked = seen.get("checked").get("slices").get(0);
    assertEquals(10, checked.get("read").size(), checked.toString());
    assertEquals("[\"root/\",\"root/docs/\",\"root/photos/\",\"root/photos/2026/\",\"root/photosX/\"]",
        checked.get("filtered").toString());
    assertEquals("[\"root/docs/cv.pdf\",\"root/photos\",\"root/photosX/raw.dng\"]", checked.get("rejected").toString());
    List<String> titles = new ArrayList<>();
    seen.get("lookup").get("slices").forEach(slice -> titles.add(slice.get("title").asText()));
    assertEquals(List.of("Request 2: Query on Drive", "Request 1: BatchGetItem on Control, sent as the statement ran",
        "Request 1: BatchGetItem on Control, sent as the statement ran",
        "Request 1: BatchGetItem on Control, sent as the statement ran"), titles);
    for (String name : List.of("subtree", "join", "refused", "explain", "checked", "lookup")) {
      assertTrue(Files.size(screenshots.resolve(name + ".png")) > 10_000, name);
    }
  }

  /** The texts the copy buttons put on the clipboard are EXPLAIN's: its JSON, its AWS CLI command, its Java code. */
  private static void assertCopiesAreExplains(DemoDatabase db, String sql, JsonNode copies) throws SQLException {
    List<String> json = new ArrayList<>();
    try (Connection connection = db.connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("EXPLAIN PLAN AS JSON FOR " + sql)) {
      while (rows.next()) {
        json.add(rows.getString("REQUEST"));
      }
    }
    List<String> cli = codeUnder(db, sql, "cli", "AWS CLI:");
    List<String> java = codeUnder(db, sql, "java", "AWS SDK for Java v2:");
    assertEquals(json.size(), copies.size());
    for (int i = 0; i < json.size(); i++) {
      assertEquals(json.get(i), copies.get(i).get("json").asText());
      assertEquals(cli.get(i), copies.get(i).get("cli").asText());
      assertEquals(java.get(i), copies.get(i).get("java").asText());
    }
  }

  /** The text EXPLAIN's lines, with the connection properties {@code extra}. */
  private static List<String> explainLines(DemoDatabase db, String sql, String... extra) throws SQLException {
    List<String> lines = new ArrayList<>();
    try (Connection connection = db.connect(extra); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("EXPLAIN PLAN FOR " + sql)) {
      while (rows.next()) {
        lines.add(rows.getString(1));
      }
    }
    return lines;
  }

  /** The code the text EXPLAIN shows under each request with {@code explain=<form>}, one string per request. */
  private static List<String> codeUnder(DemoDatabase db, String sql, String form, String title) throws SQLException {
    List<String> lines = explainLines(db, sql, "explain=" + form);
    List<String> code = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).trim().equals(title)) {
        int indent = lines.get(i).indexOf(title) + 2;
        List<String> block = new ArrayList<>();
        for (int j = i + 1; j < lines.size() && lines.get(j).startsWith(" ".repeat(indent)); j++) {
          block.add(lines.get(j).substring(indent));
        }
        code.add(String.join("\n", block));
      }
    }
    return code;
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(node -> texts.add(node.asText()));
    return texts;
  }

  private static void installPlaywright(Path browser) throws IOException {
    LocalServerProcess.installNpmPackage(
        new LocalServerProcess.Launch("playwright-core", browser, "Node.js 20 or later, with npm, on the PATH"),
        "playwright-core");
  }

  private static JsonNode drive(Path browser, Path chromium, String address, Path screenshots, Path scenarios)
      throws Exception {
    ProcessBuilder command = new ProcessBuilder("node", "workbench.mjs", address, screenshots.toString(),
        scenarios.toString()).directory(browser.toFile());
    command.environment().put("KEYCOND_CHROMIUM", chromium.toString());
    Process node = command.start();
    CompletableFuture<String> errors = CompletableFuture.supplyAsync(() -> {
      try {
        return new String(node.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        return e.toString();
      }
    });
    String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!node.waitFor(60, TimeUnit.SECONDS)) {
      node.destroyForcibly();
      throw new AssertionError("the browser run took over a minute");
    }
    assertEquals(0, node.exitValue(), "browser/workbench.mjs failed: " + errors.get() + out);
    return JSON.readTree(out);
  }
}
