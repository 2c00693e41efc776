package dev.keycond.sqltests.files;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The selected columns become a ProjectionExpression, and every attribute name in every
 * expression is a {@code #name} placeholder: DynamoDB has 573 reserved words, among them SIZE,
 * PATH, NAME, STATUS and COMMENT, which the fixtures use as attribute names. dynalite rejects a
 * reserved word written bare, so a wrong expression fails loudly here too.
 */
@ExtendWith(DynaliteExtension.class)
class ProjectionExpressionTest {
  /** A projection made only of placeholders: "#a, #b, #c". */
  private static final Pattern PLACEHOLDER_LIST = Pattern.compile("#\\w+(, #\\w+)*");

  /** A bare attribute name in an expression: a word not preceded by '#' or ':'. */
  private static final Pattern BARE_WORD = Pattern.compile("(?<![#:\\w])[A-Za-z_]\\w*");

  private static Connection files;
  private static Connection reserved;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    files = Keycond.loadAndConnect(server, "files");
    reserved = Keycond.loadAndConnect(server, "reserved");
  }

  @AfterAll
  static void close() throws SQLException {
    files.close();
    reserved.close();
  }

  @Test
  void selectedColumnsBecomeAProjectionOfPlaceholders() throws SQLException {
    List<List<String>> rows = query(files, "SELECT path, size FROM files "
        + "WHERE account = 'a91' AND path LIKE 'root/photos/2026/%'");

    assertEquals(List.of(
        Arrays.asList("root/photos/2026/", null),
        List.of("root/photos/2026/beach.jpg", "2048000"),
        List.of("root/photos/2026/sunset.jpg", "3145728")), rows);
    QueryRequest query = onlyRequest().raw(QueryRequest.class);
    assertPlaceholdersOnly(query.projectionExpression(), query.expressionAttributeNames());
    Set<String> projected = resolve(query.projectionExpression(), query.expressionAttributeNames());
    // path is decoded from SK and size is its own attribute; unselected columns are not read.
    assertTrue(projected.containsAll(Set.of("SK", "size")), projected::toString);
    assertFalse(projected.contains("parent"), projected::toString);
    assertFalse(projected.contains("modified"), projected::toString);
    assertNoBareNames(query.keyConditionExpression());
  }

  @Test
  void aGetItemProjectsTheSelectedColumnsToo() throws SQLException {
    List<List<String>> rows =
        query(files, "SELECT size FROM files WHERE account = 'a91' AND path = 'root/photos'");

    assertEquals(List.of(List.of("12")), rows);
    GetItemRequest get = onlyRequest().raw(GetItemRequest.class);
    assertPlaceholdersOnly(get.projectionExpression(), get.expressionAttributeNames());
    Set<String> projected = resolve(get.projectionExpression(), get.expressionAttributeNames());
    assertTrue(projected.contains("size"), projected::toString);
    assertFalse(projected.contains("parent"), projected::toString);
    assertFalse(projected.contains("modified"), projected::toString);
  }

  @Test
  void reservedWordsAsKeyAttributesAreAlwaysPlaceholders() throws SQLException {
    List<List<String>> rows = query(reserved, "SELECT size, name, status, note FROM words "
        + "WHERE path = 'p' AND size >= 2");

    assertEquals(List.of(List.of("2", "two", "closed", "c2"), List.of("3", "three", "open", "c3")),
        rows);
    RecordedRequest request = onlyRequest();
    assertEquals("path = 'p' AND size >= 2", request.keyCondition());
    QueryRequest query = request.raw(QueryRequest.class);
    assertNoBareNames(query.keyConditionExpression());
    assertPlaceholdersOnly(query.projectionExpression(), query.expressionAttributeNames());
    // note is stored in the attribute "comment" (the mapping's "attribute" field).
    Set<String> projected = resolve(query.projectionExpression(), query.expressionAttributeNames());
    assertTrue(projected.containsAll(Set.of("size", "name", "status", "comment")),
        projected::toString);
    assertFalse(projected.contains("note"), projected::toString);
  }

  @Test
  void aResidualOnAReservedWordIsEvaluatedWithoutBreakingTheRequest() throws SQLException {
    List<List<String>> rows =
        query(reserved, "SELECT name FROM words WHERE path = 'p' AND status = 'open'");

    assertEquals(List.of(List.of("one"), List.of("three")), rows);
    QueryRequest query = onlyRequest().raw(QueryRequest.class);
    assertNoBareNames(query.keyConditionExpression());
    if (query.filterExpression() != null) {
      assertNoBareNames(query.filterExpression());
    }
    assertPlaceholdersOnly(query.projectionExpression(), query.expressionAttributeNames());
  }


  private static void assertPlaceholdersOnly(String projection, Map<String, String> names) {
    assertTrue(projection != null && PLACEHOLDER_LIST.matcher(projection).matches(),
        "ProjectionExpression must list #placeholders only: " + projection);
    for (String placeholder : projection.split(", ")) {
      assertTrue(names.containsKey(placeholder), placeholder + " is not in " + names);
    }
  }

  /** Function names and operators are the only bare words an expression may contain. */
  private static void assertNoBareNames(String expression) {
    Set<String> allowed = Set.of("AND", "OR", "NOT", "BETWEEN", "IN", "begins_with",
        "attribute_exists", "attribute_not_exists", "attribute_type", "contains", "size");
    Matcher words = BARE_WORD.matcher(expression);
    while (words.find()) {
      String word = words.group();
      // size( is DynamoDB's function; size as a name would have to be a placeholder.
      boolean function = expression.startsWith("(", words.end());
      assertTrue(allowed.contains(word) && (function || !word.equals("size")),
          "bare attribute name '" + word + "' in expression: " + expression);
    }
  }

  private static Set<String> resolve(String projection, Map<String, String> names) {
    Set<String> attributes = new HashSet<>();
    for (String placeholder : projection.split(", ")) {
      attributes.add(names.get(placeholder));
    }
    return attributes;
  }
}
