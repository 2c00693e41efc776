package dev.keycond.sqltests.hierarchy;

import dev.keycond.demo.ActiveTables;
import dev.keycond.sqltests.harness.DynamoServer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A folder tree generated in Java and written to its own DynamoDB table through the raw SDK client,
 * for what a fixture file cannot say (hundreds of levels, 100 KB items). The table has the layout
 * of the {@code files} mappings: {@code PK = DRIVE#<account>}, {@code SK = <path>}, and the
 * attributes {@code parent}, {@code size}, {@code hidden} and, when asked for, {@code blob}.
 *
 * <p>It also answers what the SQL recursion over the tree gives, computed the slow way (level by
 * level, following the stored parents), so tests compare keycond's one-read answer to it.
 */
final class GeneratedTree {
  /** One item: a file or a folder (whose path ends with '/'). */
  record Node(String account, String path, String parent, Long size, boolean hidden, int blobBytes) {}

  /** A row of a recursive walk: the node and the value of the level counter. */
  record Reached(Node node, int level) {}

  /** Paths in DynamoDB's order: by their UTF-8 bytes. */
  static final Comparator<String> KEY_ORDER = (a, b) -> Arrays.compareUnsigned(
      a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

  private static final Set<String> CREATED = new HashSet<>();

  private final String table;
  private final List<Node> nodes = new ArrayList<>();

  GeneratedTree(String table) {
    this.table = table;
  }

  String table() {
    return table;
  }

  List<Node> nodes() {
    return List.copyOf(nodes);
  }

  /** Adds an item whose parent is the path up to its previous '/'. */
  Node add(String account, String path, Long size, boolean hidden, int blobBytes) {
    return addWithParent(account, path, parentOf(path), size, hidden, blobBytes);
  }

  Node addWithParent(String account, String path, String parent, Long size, boolean hidden,
      int blobBytes) {
    Node node = new Node(account, path, parent, size, hidden, blobBytes);
    nodes.add(node);
    return node;
  }

  /** The path up to and including the previous '/', or null at the top. */
  static String parentOf(String path) {
    String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    int last = trimmed.lastIndexOf('/');
    return last < 0 ? null : trimmed.substring(0, last + 1);
  }

  /**
   * Creates the table and writes the items, once per server: every test class asking for the same
   * table name must generate the same tree.
   */
  void writeTo(DynamoServer server) {
    synchronized (CREATED) {
      if (!CREATED.add(server.endpoint() + " " + table)) {
        return;
      }
      DynamoDbClient client = server.client();
      try {
        client.describeTable(d -> d.tableName(table));
        throw new IllegalStateException("table " + table + " already exists on " + server
            + "; generated tables must not be created by anything else");
      } catch (ResourceNotFoundException expected) {
        // Not there yet, as it should be.
      }
      client.createTable(create -> create.tableName(table)
          .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
              KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build())
          .attributeDefinitions(
              AttributeDefinition.builder().attributeName("PK")
                  .attributeType(ScalarAttributeType.S).build(),
              AttributeDefinition.builder().attributeName("SK")
                  .attributeType(ScalarAttributeType.S).build())
          .billingMode(BillingMode.PAY_PER_REQUEST));
      ActiveTables.await(client, table);
      List<WriteRequest> batch = new ArrayList<>();
      for (Node node : nodes) {
        batch.add(WriteRequest.builder()
            .putRequest(PutRequest.builder().item(item(node)).build()).build());
        if (batch.size() == 25) {
          write(client, batch);
          batch = new ArrayList<>();
        }
      }
      if (!batch.isEmpty()) {
        write(client, batch);
      }
    }
  }

  private void write(DynamoDbClient client, List<WriteRequest> batch) {
    Map<String, List<WriteRequest>> pending = Map.of(table, batch);
    while (!pending.isEmpty()) {
      Map<String, List<WriteRequest>> items = pending;
      pending = client.batchWriteItem(write -> write.requestItems(items)).unprocessedItems();
    }
  }

  private static Map<String, AttributeValue> item(Node node) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("PK", AttributeValue.fromS("DRIVE#" + node.account()));
    item.put("SK", AttributeValue.fromS(node.path()));
    if (node.parent() != null) {
      item.put("parent", AttributeValue.fromS(node.parent()));
    }
    if (node.size() != null) {
      item.put("size", AttributeValue.fromN(Long.toString(node.size())));
    }
    item.put("hidden", AttributeValue.fromBool(node.hidden()));
    if (node.blobBytes() > 0) {
      item.put("blob", AttributeValue.fromS("x".repeat(node.blobBytes())));
    }
    return item;
  }

  /**
   * What {@code WITH RECURSIVE} gives walking down from {@code root}: the root (if it is an item
   * and passes {@code rootCondition}), then, level by level, every item of the same account whose
   * parent is a row already found and that passes {@code stepCondition}. In path order.
   */
  List<Reached> walkDown(String account, String root, Predicate<Node> rootCondition,
      Predicate<Node> stepCondition) {
    Map<String, List<Node>> children = new HashMap<>();
    Node start = null;
    for (Node node : nodes) {
      if (!node.account().equals(account)) {
        continue;
      }
      if (node.path().equals(root)) {
        start = node;
      }
      if (node.parent() != null) {
        children.computeIfAbsent(node.parent(), p -> new ArrayList<>()).add(node);
      }
    }
    List<Reached> rows = new ArrayList<>();
    if (start == null || !rootCondition.test(start)) {
      return rows;
    }
    Deque<Reached> level = new ArrayDeque<>(List.of(new Reached(start, 0)));
    while (!level.isEmpty()) {
      Reached row = level.poll();
      rows.add(row);
      for (Node child : children.getOrDefault(row.node().path(), List.of())) {
        if (stepCondition.test(child)) {
          level.add(new Reached(child, row.level() + 1));
        }
      }
    }
    rows.sort(Comparator.comparing(r -> r.node().path(), KEY_ORDER));
    return rows;
  }

  /**
   * What {@code WITH RECURSIVE} gives walking up from {@code start}: the start, then its parent,
   * and so on while the parent is an item, in that order.
   */
  List<Reached> walkUp(String account, String start) {
    Map<String, Node> byPath = new HashMap<>();
    nodes.stream().filter(n -> n.account().equals(account)).forEach(n -> byPath.put(n.path(), n));
    List<Reached> rows = new ArrayList<>();
    for (Node node = byPath.get(start); node != null;
        node = node.parent() == null ? null : byPath.get(node.parent())) {
      rows.add(new Reached(node, rows.size()));
    }
    return rows;
  }

  /** The items of an account whose path starts with {@code prefix}, in key order. */
  List<Node> slice(String account, String prefix) {
    return nodes.stream()
        .filter(n -> n.account().equals(account) && n.path().startsWith(prefix))
        .sorted(Comparator.comparing(Node::path, KEY_ORDER))
        .toList();
  }

  static List<String> paths(List<Reached> rows) {
    return rows.stream().map(r -> r.node().path()).toList();
  }

  /** Each row as "path level". */
  static List<String> pathsAndLevels(List<Reached> rows) {
    return rows.stream().map(r -> r.node().path() + " " + r.level()).toList();
  }

  @Override
  public String toString() {
    return table + " (" + nodes.size() + " items)";
  }
}
