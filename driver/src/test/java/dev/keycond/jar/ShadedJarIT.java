package dev.keycond.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.clients.DbeaverSessionTest;
import dev.keycond.demo.Demo;
import dev.keycond.demo.Dynalite;
import dev.keycond.testing.DemoDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * target/keycond-jdbc.jar loaded the way GUI tools load a driver file: a class loader over just
 * that jar, with the platform class loader as parent, and {@link Driver#connect} without
 * DriverManager.
 */
class ShadedJarIT {
  private static final Path JAR = Path.of(System.getProperty("keycond.jar", "target/keycond-jdbc.jar"));
  private static final String MODEL = "software.amazon.awssdk.services.dynamodb.model.";
  private static final String MODEL_PATH = MODEL.replace('.', '/');
  /** A model class as a class file's constant pool names it. */
  private static final Pattern MODEL_REFERENCE = Pattern.compile(Pattern.quote(MODEL_PATH) + "([A-Za-z0-9_$]+)");
  private static URLClassLoader loader;
  private static Driver driver;
  private final DemoDatabase database = DemoDatabase.get();

  @BeforeAll
  static void load() throws Exception {
    assertTrue(Files.isRegularFile(JAR), JAR + " is built by the package phase");
    loader = new URLClassLoader(new URL[] {JAR.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    driver = (Driver) Class.forName("dev.keycond.Driver", true, loader).getDeclaredConstructor().newInstance();
  }

  @AfterAll
  static void close() throws IOException {
    loader.close();
  }

  /** Tools give the driver their own context class loader; keycond must not depend on it. */
  private Connection connect(String... extra) throws SQLException {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(ClassLoader.getPlatformClassLoader());
    try {
      Properties properties = new Properties();
      properties.setProperty("user", "test");
      properties.setProperty("password", "test");
      return driver.connect(database.url(extra), properties);
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  @Test
  void theDriverComesFromTheJarAlone() throws SQLException {
    assertEquals(loader, driver.getClass().getClassLoader());
    assertTrue(driver.acceptsURL("jdbc:keycond:region=us-east-1"));
  }

  @Test
  void runsQueriesAndExplainFromTheJar() throws SQLException {
    try (Connection connection = connect()) {
      List<String> rows = new ArrayList<>();
      try (Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery(
              "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'")) {
        while (rs.next()) {
          rows.add(rs.getString("path") + "=" + rs.getLong("size"));
        }
      }
      assertEquals(List.of("root/photos/=0", "root/photos/2026/=0", "root/photos/2026/beach.jpg=2483017",
          "root/photos/2026/sunset.jpg=3120456"), rows);

      try (PreparedStatement statement = connection.prepareStatement(
          "SELECT name FROM projects WHERE workspace_id = ? AND id LIKE ? ORDER BY id")) {
        statement.setString(1, "acme");
        statement.setString(2, "2026-%");
        List<String> names = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery()) {
          while (rs.next()) {
            names.add(rs.getString(1));
          }
        }
        assertEquals(List.of("Launch 2026", "Rebrand"), names);
      }

      StringBuilder plan = new StringBuilder();
      try (Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery(
              "EXPLAIN PLAN FOR SELECT COUNT(*) FROM files WHERE account = 'b07' AND path LIKE 'root/music/%'")) {
        while (rs.next()) {
          plan.append(rs.getString(1)).append('\n');
        }
      }
      assertTrue(plan.toString().contains("Query on table 'Drive'"), plan.toString());
      assertTrue(plan.toString().contains("begins_with"), plan.toString());

      SQLException refused = assertThrows(SQLException.class,
          () -> connection.createStatement().executeQuery("SELECT * FROM files WHERE size > 0"));
      assertTrue(refused.getSQLState().startsWith("42"), refused.getSQLState());
    }
  }

  @Test
  void readsMetadataFromTheJar() throws SQLException {
    try (Connection connection = connect("scan=limit:100")) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = connection.getMetaData().getTables(null, "dynamodb", "%", null)) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_NAME"));
        }
      }
      assertEquals(List.of("Events", "files", "projects", "workspaces"), tables);
      try (ResultSet rs = connection.getMetaData().getImportedKeys(null, "dynamodb", "projects")) {
        assertTrue(rs.next());
        assertEquals("workspaces", rs.getString("PKTABLE_NAME"));
      }
      try (Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery("SELECT COUNT(*) FROM Events")) {
        assertTrue(rs.next());
        assertEquals(5, rs.getInt(1));
      }
    }
  }

  /**
   * A connection swallows a failed warm-up (only a head start is lost), so a class the jar leaves
   * out that the warm-up needs would only show as a slower first statement: it must run from the
   * jar alone.
   */
  @Test
  void thePlannersWarmUpRunsFromTheJar() throws Exception {
    Class<?> warmUp = Class.forName("dev.keycond.planner.PlannerWarmUp", true, loader);
    assertEquals(loader, warmUp.getClassLoader());
    assertEquals(3L, warmUp.getMethod("run").invoke(null), "its two reads and its write each touch one row");
  }

  /**
   * The workbench runs from the jar alone: its server is the JDK's own (module jdk.httpserver,
   * reached through the platform class loader) and its page and assets are packed in the jar.
   */
  @Test
  void theWorkbenchServesItsPageFromTheJar() throws Exception {
    Class<?> connectionClass = loader.loadClass("dev.keycond.jdbc.KeycondConnection");
    Class<?> serverClass = loader.loadClass("dev.keycond.workbench.WorkbenchServer");
    try (Connection connection = connect();
        AutoCloseable server = (AutoCloseable) serverClass.getMethod("start", connectionClass, int.class)
            .invoke(null, connection.unwrap(connectionClass), 0)) {
      String address = (String) serverClass.getMethod("address").invoke(server);
      String token = address.substring(address.indexOf("?token="));
      HttpClient http = HttpClient.newHttpClient();
      for (String path : List.of("/" + token, "/assets/app.js" + token, "/assets/dom.js" + token,
          "/assets/slice.js" + token, "/assets/mapping.js" + token, "/assets/style.css" + token)) {
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(
            URI.create(address.substring(0, address.indexOf("/?token=")) + path)).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode(), path);
        assertFalse(page.body().isBlank(), path);
      }
    }
  }

  /**
   * Guava, Jackson and SLF4J are relocated, so they cannot clash with a host application's; what
   * keycond never reaches is left out (driver/pom.xml says why for each), and what Calcite's
   * classes need to load stays.
   */
  @Test
  void bundledLibrariesAreRelocatedAndUnusedOnesLeftOut() throws Exception {
    for (String hidden : List.of("com.google.common.collect.ImmutableList", "com.fasterxml.jackson.databind.ObjectMapper",
        "org.slf4j.LoggerFactory", "io.netty.channel.Channel", "org.apache.hc.client5.http.classic.HttpClient",
        "software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient", "com.google.protobuf.Message",
        "org.codehaus.janino.CompilerFactory", "org.locationtech.jts.operation.buffer.BufferOp",
        "net.minidev.json.JSONValue", "com.jayway.jsonpath.JsonPath",
        "software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient",
        "software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient",
        "software.amazon.awssdk.regions.servicemetadata.DynamodbServiceMetadata",
        "software.amazon.awssdk.services.dynamodb.model.BackupDescription",
        "software.amazon.awssdk.services.dynamodb.model.ExportDescription",
        "dev.keycond.shaded.com.google.common.graph.Graph", "org.apache.calcite.sql.ddl.SqlDdlNodes")) {
      assertThrows(ClassNotFoundException.class, () -> loader.loadClass(hidden), hidden);
    }
    for (String present : List.of("dev.keycond.shaded.com.google.common.collect.ImmutableList",
        "dev.keycond.shaded.com.fasterxml.jackson.databind.ObjectMapper",
        "org.codehaus.commons.compiler.CompileException", "org.locationtech.jts.geom.Geometry",
        "com.jayway.jsonpath.spi.json.JsonProvider", "com.jayway.jsonpath.spi.mapper.MappingProvider",
        "software.amazon.awssdk.http.apache.ApacheHttpClient", "org.apache.commons.logging.LogFactory",
        "sqlline.SqlLine")) {
      assertEquals(present, loader.loadClass(present).getName());
    }
    try (JarFile jar = new JarFile(JAR.toFile())) {
      assertEquals("dev.keycond.Driver", read(jar, "META-INF/services/java.sql.Driver").strip(),
          "only keycond registers a JDBC driver");
      assertNull(jar.getEntry("META-INF/services/org.codehaus.commons.compiler.ICompilerFactory"));
      assertEquals("dev.keycond.shell.Main", jar.getManifest().getMainAttributes().getValue("Main-Class"));
    }
  }

  /**
   * SQL tools download the jar as the driver: it stays within 25 MB (decimal), which each feature's
   * growth has to fit, as driver/pom.xml's leaving out of what keycond never reads makes room.
   */
  @Test
  void theJarStaysWithin25Megabytes() throws IOException {
    long size = Files.size(JAR);
    assertTrue(size <= 25_000_000L, JAR + " is " + size + " bytes, past 25,000,000: leave out of it what keycond "
        + "never reaches (driver/pom.xml's filters) before adding to it");
  }

  /**
   * The jar leaves out the DynamoDB model classes that only operations keycond never sends refer
   * to (driver/pom.xml). Whatever a request or response of an operation it sends can hold, and
   * every error the service can answer with, must load from the jar: the classes named by the
   * signatures of each of them, initialized, and so on from those. The operations are those whose
   * requests keycond's own classes in the jar name, and DescribeEndpoints (endpoint discovery).
   */
  @Test
  void everyModelClassOfTheOperationsKeycondSendsLoadsFromTheJar() throws Exception {
    Set<String> operations = new HashSet<>(operationsNamedByKeycond());
    assertTrue(operations.containsAll(List.of("BatchGetItem", "BatchWriteItem", "CreateTable", "DeleteItem",
        "DescribeTable", "DescribeTimeToLive", "GetItem", "ListTables", "PutItem", "Query", "Scan", "UpdateItem")),
        operations.toString());
    operations.add("DescribeEndpoints");
    Deque<String> toLoad = new ArrayDeque<>();
    for (String operation : operations) {
      toLoad.add(MODEL + operation + "Request");
      toLoad.add(MODEL + operation + "Response");
    }
    Set<String> loaded = new HashSet<>();
    try (JarFile jar = new JarFile(JAR.toFile())) {
      jar.stream().map(JarEntry::getName)
          .filter(name -> name.startsWith(MODEL_PATH) && name.endsWith("Exception.class"))
          .forEach(name -> toLoad.add(name.substring(0, name.length() - ".class".length()).replace('/', '.')));
      while (!toLoad.isEmpty()) {
        String name = toLoad.pop();
        if (loaded.add(name)) {
          load(name, jar, toLoad);
        }
      }
    }
    for (String held : List.of("TableDescription", "ReplicaDescription", "SSEDescription", "ArchivalSummary",
        "RestoreSummary", "TableClassSummary", "ConsumedCapacity", "ItemCollectionMetrics", "Endpoint",
        "TransactionCanceledException", "CancellationReason")) {
      assertTrue(loaded.contains(MODEL + held), held + " in " + loaded);
    }
  }

  /**
   * Loads one model class from the jar and queues the model classes it refers to: those its
   * signatures name, and those its code names (a request builder's list copier, say, which no
   * signature shows but building the request needs).
   */
  private static void load(String name, JarFile jar, Deque<String> toLoad) throws Exception {
    Class<?> type = Class.forName(name, true, loader);
    JarEntry entry = jar.getJarEntry(name.replace('.', '/') + ".class");
    assertNotNull(entry, name + " is not in the jar");
    try (InputStream in = jar.getInputStream(entry)) {
      Matcher m = MODEL_REFERENCE.matcher(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
      while (m.find()) {
        toLoad.add(MODEL + m.group(1));
      }
    }
    Set<Type> named = new HashSet<>();
    for (Field field : type.getDeclaredFields()) {
      named.add(field.getGenericType());
    }
    for (Method method : type.getDeclaredMethods()) {
      named.add(method.getGenericReturnType());
      Collections.addAll(named, method.getGenericParameterTypes());
    }
    for (var constructor : type.getDeclaredConstructors()) {
      Collections.addAll(named, constructor.getGenericParameterTypes());
    }
    Collections.addAll(named, type.getDeclaredClasses());
    for (Type t : named) {
      addDynamoDbClasses(t, toLoad);
    }
  }

  /** The operations whose request classes the constant pools of keycond's classes name. */
  private static Set<String> operationsNamedByKeycond() throws IOException {
    Pattern request = Pattern.compile(Pattern.quote(MODEL_PATH) + "([A-Z][A-Za-z0-9]*)Request(?![A-Za-z0-9])");
    Set<String> operations = new HashSet<>();
    try (JarFile jar = new JarFile(JAR.toFile())) {
      for (JarEntry entry : Collections.list(jar.entries())) {
        if (!entry.getName().startsWith("dev/keycond/") || !entry.getName().endsWith(".class")) {
          continue;
        }
        try (InputStream in = jar.getInputStream(entry)) {
          Matcher m = request.matcher(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
          while (m.find()) {
            String marshaller = "software/amazon/awssdk/services/dynamodb/transform/" + m.group(1)
                + "RequestMarshaller.class";
            if (jar.getEntry(marshaller) != null) {
              operations.add(m.group(1));
            }
          }
        }
      }
    }
    return operations;
  }

  private static void addDynamoDbClasses(Type type, Deque<String> toLoad) {
    if (type instanceof Class<?> c) {
      while (c.isArray()) {
        c = c.getComponentType();
      }
      if (c.getName().startsWith("software.amazon.awssdk.services.dynamodb.")) {
        toLoad.add(c.getName());
      }
    } else if (type instanceof ParameterizedType p) {
      addDynamoDbClasses(p.getRawType(), toLoad);
      for (Type argument : p.getActualTypeArguments()) {
        addDynamoDbClasses(argument, toLoad);
      }
    } else if (type instanceof WildcardType w) {
      for (Type bound : w.getUpperBounds()) {
        addDynamoDbClasses(bound, toLoad);
      }
      for (Type bound : w.getLowerBounds()) {
        addDynamoDbClasses(bound, toLoad);
      }
    } else if (type instanceof GenericArrayType a) {
      addDynamoDbClasses(a.getGenericComponentType(), toLoad);
    }
  }

  /** What DBeaver does with a driver file: open, browse every kind of metadata, read a table. */
  @Test
  void aDbeaverSessionRunsOnTheJar() throws SQLException {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(ClassLoader.getPlatformClassLoader());
    try {
      DbeaverSessionTest.session(driver, database.url());
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  /**
   * {@code java -jar keycond-jdbc.jar demo --no-shell}: dynalite, the example tables written through
   * the jar's SDK, and every statement of the showcase with its EXPLAIN, its rows and its requests
   * (key reads of every kind, a recursive walk, joins, COUNT, JSON_VALUE, a refused Scan). It takes
   * any free port and writes its mapping under target/, as the build's own run of the demo does.
   */
  @Test
  void theDemoRunsFromTheJar() throws Exception {
    Ran demo = ran(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-D" + Dynalite.DIR_PROPERTY + "=" + System.getProperty(Dynalite.DIR_PROPERTY),
        "-D" + Demo.DIR_PROPERTY + "=" + JAR.toAbsolutePath().getParent().resolve("demo"), "-jar", JAR.toString(),
        "demo", "--no-shell", "--port", "0"), 120);
    String output = demo.output();
    assertEquals(0, demo.exit(), output);
    for (String expected : List.of("Loaded tables Drive, Control", "root/photos/2026/beach.jpg", "BatchGetItem",
        "begins_with", "ScanIndexForward", "Acme Corp", "sensor-1", "needs a full Scan",
        "The demo stops here (--no-shell).")) {
      assertTrue(output.contains(expected), expected + " in:\n" + output);
    }
    assertFalse(output.contains("\tat "), output);
    assertFalse(output.contains("NoClassDefFoundError") || output.contains("ClassNotFoundException"), output);
  }

  /**
   * A client for AWS itself, without an endpoint: the jar resolves the region's HTTPS endpoint with
   * the SDK's endpoint rules (its older endpoint tables are left out). The made-up credentials
   * cannot connect, so the answer is an SQLException: no network (08001) or no such key (28000).
   */
  @Test
  void aClientForAnAwsRegionIsBuiltFromTheJar() {
    int before = DriverManager.getLoginTimeout();
    DriverManager.setLoginTimeout(3);
    try {
      Properties properties = new Properties();
      properties.setProperty("user", "AKIDEXAMPLE");
      properties.setProperty("password", "example");
      SQLException e = assertThrows(SQLException.class, () -> driver.connect("jdbc:keycond:region=eu-west-1", properties));
      assertTrue(List.of("08001", "28000").contains(e.getSQLState()), e.toString());
      if (e.getSQLState().equals("08001")) {
        // Unreachable: the message names the endpoint the rules resolved.
        assertTrue(e.getMessage().contains("https://dynamodb.eu-west-1.amazonaws.com"), e.getMessage());
      }
    } finally {
      DriverManager.setLoginTimeout(before);
    }
  }

  private static String read(JarFile jar, String entry) throws IOException {
    try (InputStream in = jar.getInputStream(jar.getEntry(entry))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** {@code java -jar keycond-jdbc.jar shell <url> -e "<sql>"}, as the README shows it. */
  @Test
  void theShellRunsFromTheJar() throws Exception {
    Ran shell = ran(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", JAR.toString(), "shell", database.url(),
        "-e", "SELECT name, plan FROM workspaces WHERE id = 'acme';"), 60);
    String output = shell.output();
    assertEquals(0, shell.exit(), output);
    assertTrue(output.contains("Acme Corp") && output.contains("enterprise"), output);
    assertTrue(!output.contains("SLF4J") && !output.contains("WARNING"), output);
  }

  /**
   * Errors and warnings of a {@code -e} run are one line each, message and SQLState, as in the
   * interactive shell: no stack trace (sqlline prints one for everything until its first session
   * has started, which is all of a {@code -e} run). A fresh JVM, as the user runs it.
   */
  @Test
  void theShellReportsErrorsAndWarningsInOneLine() throws Exception {
    Ran shell = ran(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", JAR.toString(), "shell", database.url(),
        "-e", "SELECT path FROM files WHERE account = 'a91' AND size > 3000000;",
        "-e", "SELECT * FROM files;"), 60);
    String output = shell.output();
    assertEquals(1, shell.exit(), output);
    assertTrue(output.contains("root/photos/2026/sunset.jpg"), output);
    assertTrue(output.contains("Warning: Table 'files': DynamoDB reads items and then discards those that fail"),
        output);
    assertTrue(output.contains("(state=01000,code=0)"), output);
    assertTrue(output.contains("Error: ") && output.contains("needs a full Scan"), output);
    assertTrue(output.contains("(state=42Z01,code=0)"), output);
    assertFalse(output.contains("\tat "), output);
    assertFalse(output.contains("Caused by"), output);
  }
  /**
   * {@code ./keycond shell} from a checkout moved elsewhere: the class-data archive the build wrote
   * maps only for the jar path it was written with, so the launcher writes a new one instead of the
   * JVM warning on every start that it cannot use the old. Run twice: the second run maps the new.
   */
  @Test
  void theLauncherOfAMovedCheckoutStartsWithoutAnArchiveWarning(@TempDir Path moved) throws Exception {
    Path target = Files.createDirectories(moved.resolve("driver/target"));
    Files.copy(Path.of("..", "keycond"), moved.resolve("keycond"));
    // What the launcher checks for sources newer than the jar, older than it.
    for (String source : List.of("pom.xml", "planner/pom.xml", "driver/pom.xml")) {
      Files.createDirectories(moved.resolve(source).getParent());
      Files.writeString(moved.resolve(source), "");
    }
    Files.createDirectories(moved.resolve("planner/src/main"));
    Files.createDirectories(moved.resolve("driver/src/main"));
    Thread.sleep(1_100); // file times in whole seconds on some file systems
    Path archive = JAR.resolveSibling("keycond-jdbc.jsa");
    for (Path file : List.of(JAR, archive, JAR.resolveSibling("keycond-jdbc.jsa.log"))) {
      if (Files.exists(file)) {
        Files.copy(file, target.resolve(file.getFileName()));
      }
    }
    for (int run = 1; run <= 2; run++) {
      Ran launched = ran(new ProcessBuilder("bash", moved.resolve("keycond").toString(), "shell", database.url(),
          "-e", "SELECT name FROM workspaces WHERE id = 'acme';"), 120);
      String output = launched.output();
      assertEquals(0, launched.exit(), output);
      assertTrue(output.contains("Acme Corp"), output);
      assertFalse(output.contains("Unable to use shared archive") || output.contains("[warning]"), "run " + run + ":\n"
          + output);
    }
    assertTrue(Files.readString(target.resolve("keycond-jdbc.jsa.log"))
        .contains("java.class.path = " + target.resolve("keycond-jdbc.jar")));
  }
  /** What a process printed (its error output merged in) and how it ended, once it has. */
  private record Ran(int exit, String output) {}

  private static Ran ran(ProcessBuilder command, int seconds) throws Exception {
    Process process = command.redirectErrorStream(true).start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), output);
    return new Ran(process.exitValue(), output);
  }
}
