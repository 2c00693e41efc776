package dev.keycond.sqltests.sqlfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.ServerKind;
import dev.keycond.sqltests.sqlfile.SqlTestCase.ExpectedError;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The .sqltest format: what a well-formed file means, and that a malformed one is refused. */
class SqlTestParserTest {
  private static final String HEADER = "fixture: files\nmapping: files\n";

  @Test
  void readsEverySection() {
    SqlTestFile file = SqlTestParser.parse("t.sqltest", """
        # a comment
        fixture: files, raw
        mapping: files
        properties: scan=allow; consistentRead=true

        === first case
        SELECT path
        FROM files   # comments are dropped from SQL too
        --- properties scan=limit:5
        --- maxrows 3
        --- parameters
        'it''s'
        42
        1.50
        TIMESTAMP '2026-01-01 10:30:00'
        NULL
        --- rows unordered
        path | size
        a    | NULL
        ''   | 1
        --- requests unordered
        Query files_Drive key: PK = 'DRIVE#a91'
        --- warning
        discards
        --- cost
        1 Query, 2 items read, 0.5 RCU
        table 'files_Drive': 0.5 RCU
        --- plan
        KeyConditionExpression: #* = :*
        --- skip-on moto: moto answers HTTP 500
        --- skip-on localstack: another reason

        === second case
        SELECT 1
        --- error 42Z01 SQLSyntaxErrorException
        needs a full Scan
        """);

    assertEquals(List.of("files", "raw"), file.fixtures());
    assertEquals(Optional.of("files"), file.mapping());
    assertEquals(Map.of("scan", "allow", "consistentRead", "true"), file.properties());
    assertEquals(2, file.cases().size());

    SqlTestCase first = file.cases().get(0);
    assertEquals("first case", first.title());
    assertEquals(6, first.line());
    assertEquals("SELECT path\nFROM files   # comments are dropped from SQL too", first.sql());
    assertEquals(Map.of("scan", "limit:5"), first.properties());
    assertEquals(3, first.maxRows().getAsLong());
    assertEquals(Arrays.asList("it's", 42L, new BigDecimal("1.50"),
            Timestamp.valueOf("2026-01-01 10:30:00"), null),
        first.parameters().stream().map(Parameter::value).toList());
    assertEquals(List.of("path", "size"), first.rows().get().header());
    assertEquals(List.of(Arrays.asList("a", null), List.of("", "1")), first.rows().get().rows());
    assertTrue(first.rows().get().unordered());
    assertTrue(first.requests().get().unordered());
    assertEquals(List.of("Query files_Drive key: PK = 'DRIVE#a91'"),
        first.requests().get().lines());
    assertEquals(Optional.of(List.of("discards")), first.warnings());
    assertEquals(Optional.of(List.of("1 Query, 2 items read, 0.5 RCU", "table 'files_Drive': 0.5 RCU")),
        first.cost());
    assertEquals(List.of("KeyConditionExpression: #* = :*"), first.plan());
    assertEquals(Map.of(ServerKind.MOTO, "moto answers HTTP 500", ServerKind.LOCALSTACK, "another reason"),
        first.skipOn());

    SqlTestCase second = file.cases().get(1);
    assertEquals(new ExpectedError("42Z01", Optional.of("SQLSyntaxErrorException"),
        List.of("needs a full Scan")), second.error().get());
    assertTrue(second.requests().isEmpty(), "an error case without requests expects none sent");
    assertTrue(second.warnings().isEmpty());
    assertTrue(second.cost().isEmpty());
    assertEquals(Map.of(), second.skipOn());
  }

  @Test
  void readsAWriteWithItsCountAndItems() {
    SqlTestFile file = SqlTestParser.parse("t.sqltest", HEADER + """
        === a write
        DELETE FROM files WHERE account = 'a91' AND path = 'root/'
        --- count 1
        --- requests
        DeleteItem files_Drive key: {PK: 'DRIVE#a91', SK: 'root/'} condition: attribute_exists(PK)
        --- items files_Drive DRIVE#a91
        {PK: 'DRIVE#a91', SK: 'root/a'}
        === a refused write
        DELETE FROM files WHERE size > 1
        --- error 42Z01
        --- items files_Drive
        """);

    SqlTestCase write = file.cases().get(0);
    assertEquals(java.util.OptionalLong.of(1), write.count());
    assertEquals(new SqlTestCase.ExpectedItems("files_Drive", Optional.of("DRIVE#a91"),
        List.of("{PK: 'DRIVE#a91', SK: 'root/a'}")), write.items().orElseThrow());
    assertTrue(write.writes());
    SqlTestCase refused = file.cases().get(1);
    assertEquals(new SqlTestCase.ExpectedItems("files_Drive", Optional.empty(), List.of()), refused.items().orElseThrow());
    assertTrue(refused.writes());
  }

  @Test
  void mappingNoneMeansRawTablesOnly() {
    SqlTestFile file = SqlTestParser.parse("t.sqltest",
        "fixture: raw\nmapping: none\n=== c\nSELECT 1\n--- rows\nx\n--- requests\n");

    assertEquals(Optional.empty(), file.mapping());
    assertEquals(List.of(), file.cases().get(0).requests().get().lines());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '~', textBlock = """
      no fixture header            ~ mapping: files\\n=== c\\nSELECT 1\\n--- rows\\nx\\n--- requests         ~ 1 ~ fixture
      no mapping header            ~ fixture: files\\n=== c\\nSELECT 1\\n--- rows\\nx\\n--- requests         ~ 1 ~ mapping
      unknown header               ~ fixture: f\\nmapping: m\\nfixtures: g\\n=== c\\nSELECT 1                 ~ 3 ~ header line
      no cases                     ~ fixture: f\\nmapping: m\\n                                            ~ 3 ~ no cases
      case without a title         ~ HEADER===\\nSELECT 1                                                  ~ 3 ~ === <title>
      case without SQL             ~ HEADER=== c\\n--- rows\\nx\\n--- requests                             ~ 3 ~ no SQL
      unknown section              ~ HEADER=== c\\nSELECT 1\\n--- row\\nx                                  ~ 5 ~ unknown section
      section without a space      ~ HEADER=== c\\nSELECT 1\\n---rows\\nx                                  ~ 5 ~ expected a section
      repeated section             ~ HEADER=== c\\nSELECT 1\\n--- rows\\nx\\n--- rows\\nx                  ~ 7 ~ appears twice
      rows and error               ~ HEADER=== c\\nSELECT 1\\n--- rows\\nx\\n--- error 42000\\n--- requests ~ 3 ~ exactly one
      neither rows nor error       ~ HEADER=== c\\nSELECT 1\\n--- requests                                 ~ 3 ~ exactly one
      rows without requests        ~ HEADER=== c\\nSELECT 1\\n--- rows\\nx                                 ~ 3 ~ must state its DynamoDB requests
      rows without a header line   ~ HEADER=== c\\nSELECT 1\\n--- rows\\n--- requests                      ~ 5 ~ header line
      row of the wrong width       ~ HEADER=== c\\nSELECT 1\\n--- rows\\na | b\\n1\\n--- requests          ~ 5 ~ has 1 cells
      unknown rows flag            ~ HEADER=== c\\nSELECT 1\\n--- rows sorted\\nx\\n--- requests           ~ 5 ~ unordered
      error without a state        ~ HEADER=== c\\nSELECT 1\\n--- error                                    ~ 5 ~ SQLSTATE
      error with a bad state       ~ HEADER=== c\\nSELECT 1\\n--- error 4200                               ~ 5 ~ SQLSTATE
      error with a bad class       ~ HEADER=== c\\nSELECT 1\\n--- error 42000 Syntax                       ~ 5 ~ SQLSTATE
      warning on an error case     ~ HEADER=== c\\nSELECT 1\\n--- error 42000\\n--- warning\\nx             ~ 3 ~ drop '--- warning'
      cost on an error case        ~ HEADER=== c\\nSELECT 1\\n--- error 42000\\n--- cost\\nx                ~ 3 ~ drop '--- cost'
      empty cost                   ~ HEADER=== c\\nSELECT 1\\n--- cost\\n--- rows\\nx\\n--- requests       ~ 5 ~ at least one line
      cost with an argument        ~ HEADER=== c\\nSELECT 1\\n--- cost all\\nx                             ~ 5 ~ takes no arguments
      empty warning                ~ HEADER=== c\\nSELECT 1\\n--- warning\\n--- rows\\nx\\n--- requests    ~ 5 ~ at least one line
      plan with an argument        ~ HEADER=== c\\nSELECT 1\\n--- plan all\\nx                             ~ 5 ~ takes no arguments
      maxrows not a number         ~ HEADER=== c\\nSELECT 1\\n--- maxrows many                             ~ 5 ~ whole number
      maxrows with lines           ~ HEADER=== c\\nSELECT 1\\n--- maxrows 2\\n3                             ~ 5 ~ no lines after
      properties without a value   ~ HEADER=== c\\nSELECT 1\\n--- properties scan                          ~ 5 ~ name=value
      a bad parameter              ~ HEADER=== c\\nSELECT 1\\n--- parameters\\nabc                          ~ 5 ~ not a parameter literal
      skip-on without a reason     ~ HEADER=== c\\nSELECT 1\\n--- skip-on moto                            ~ 5 ~ --- skip-on <server>:
      skip-on an unknown server    ~ HEADER=== c\\nSELECT 1\\n--- skip-on dynamo: slow                     ~ 5 ~ names no test server
      skip-on a server twice       ~ HEADER=== c\\nSELECT 1\\n--- skip-on moto: a\\n--- skip-on moto: b     ~ 6 ~ twice
      skip-on with lines           ~ HEADER=== c\\nSELECT 1\\n--- skip-on moto: a\\nb                      ~ 5 ~ no lines after
      count not a number           ~ HEADER=== c\\nDELETE FROM t\\n--- count one                         ~ 5 ~ update count
      count without items          ~ HEADER=== c\\nDELETE FROM t\\n--- count 1\\n--- requests            ~ 3 ~ the items after it
      count and rows               ~ HEADER=== c\\nDELETE FROM t\\n--- count 1\\n--- rows\\nx\\n--- requests ~ 3 ~ exactly one
      items on a read              ~ HEADER=== c\\nSELECT 1\\n--- rows\\nx\\n--- requests\\n--- items T ~ 3 ~ is for a write
      items without a table        ~ HEADER=== c\\nDELETE FROM t\\n--- error 23505\\n--- items           ~ 6 ~ DynamoDB table
      duplicate titles             ~ HEADER=== c\\nSELECT 1\\n--- error 42000\\n=== c\\nSELECT 2\\n--- error 42000 ~ 6 ~ already exists
      """)
  void refusesMalformedFiles(String what, String text, int line, String problem) {
    String file = text.replace("HEADER", HEADER).replace("\\n", "\n");

    SqlTestFormatException e = assertThrows(SqlTestFormatException.class,
        () -> SqlTestParser.parse("bad.sqltest", file), what);

    assertTrue(e.getMessage().startsWith("bad.sqltest:" + line + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(problem), e.getMessage());
  }

  @Test
  void planLinesMatchWholeLinesWithStarsForAnyText() {
    assertTrue(CaseRunner.planLine("KeyConditionExpression: #* = :*")
        .matcher("KeyConditionExpression: #a0 = :v0").matches());
    assertTrue(CaseRunner.planLine("Limit:   2").matcher("Limit: 2").matches());
    assertFalse(CaseRunner.planLine("Limit: 2").matcher("Limit: 20").matches());
    assertFalse(CaseRunner.planLine("Key: (x)").matcher("Key: (y)").matches());
  }
}
