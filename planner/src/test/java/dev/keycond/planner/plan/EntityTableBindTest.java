package dev.keycond.planner.plan;

import static dev.keycond.planner.plan.PlanFixture.assertKeycondError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceIndex.Projection;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.ReadmeMapping;
import dev.keycond.planner.table.EntityTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The checks that need DescribeTable's answer, made when a mapped table is bound to its source. */
class EntityTableBindTest {

  private static String mapping(String keys, String hierarchy) {
    return "{\"tables\": {\"t\": {\"source\": \"S\", \"columns\": {\"a\": \"VARCHAR\", \"b\": \"VARCHAR\", "
        + "\"n\": \"BIGINT\"}, \"keys\": {" + keys + "}" + hierarchy + "}}}";
  }

  @Test
  void designTablesBindAndKnowTheirKeyColumns() {
    EntityTable files = PlanFixture.bind(ReadmeMapping.JSON, "files", PlanFixture.source("Drive", "PK", "SK"));
    assertEquals(List.of("PK", "SK"), files.ownKeyAttributes());
    assertEquals(Optional.of("PK"), files.keyAttributeOf("account"));
    assertEquals(Optional.of("SK"), files.keyAttributeOf("path"));
    assertEquals(Optional.empty(), files.keyAttributeOf("parent"));
    assertEquals(List.of("parent"), files.attributesOf(files.column(2)));
    assertEquals(List.of("SK"), files.attributesOf(files.column(1)));
  }

  @Test
  void missingSortKeyTemplateIsAnInvalidMapping() {
    SourceTable source = PlanFixture.source("S", "PK", "SK");
    assertEquals("Invalid mapping: table 't', field 'keys' has no template for 'SK', the sort key of DynamoDB table "
            + "'S'; add \"SK\": \"...\" to \"keys\"",
        assertKeycondError(SqlState.INVALID_MAPPING,
            () -> PlanFixture.bind(mapping("\"PK\": \"{a}\"", ""), "t", source)).getMessage());
  }

  @Test
  void textTemplateOnANumberKeyIsAnInvalidMapping() {
    SourceTable source = PlanFixture.source("S", PlanFixture.keys("PK", "SK"), Map.of("SK", AttributeType.N));
    assertEquals("Invalid mapping: table 't', field 'keys.SK' template 'V#{n}' builds text, but 'SK' is a number (N) "
            + "key; use a single column such as '{id}'",
        assertKeycondError(SqlState.INVALID_MAPPING,
            () -> PlanFixture.bind(mapping("\"PK\": \"{a}\", \"SK\": \"V#{n}\"", ""), "t", source)).getMessage());
  }

  @Test
  void textColumnOnANumberKeyIsAnInvalidMapping() {
    SourceTable source = PlanFixture.source("S", PlanFixture.keys("PK", "SK"), Map.of("SK", AttributeType.N));
    assertEquals("Invalid mapping: table 't', field 'keys.SK' column 'b' is VARCHAR, but 'SK' is a number (N) key",
        assertKeycondError(SqlState.INVALID_MAPPING,
            () -> PlanFixture.bind(mapping("\"PK\": \"{a}\", \"SK\": \"{b}\"", ""), "t", source)).getMessage());
  }

  @Test
  void aShardOutsideThePartitionKeyIsAnInvalidMapping() {
    String tasks = "{\"tables\": {\"t\": {\"source\": \"S\", \"columns\": {\"a\": \"VARCHAR\", "
        + "\"s\": \"INTEGER\", \"b\": \"VARCHAR\"}, \"keys\": {\"PK\": \"{a}\", \"SK\": \"{s}#{b}\"}, "
        + "\"shard\": {\"column\": \"s\", \"of\": \"b\", \"count\": 4}}}}";
    assertEquals("Invalid mapping: table 't', field 'shard.column' column 's' must be a slot of the partition key "
            + "template '{a}' of DynamoDB table 'S', since shards are partitions",
        assertKeycondError(SqlState.INVALID_MAPPING,
            () -> PlanFixture.bind(tasks, "t", PlanFixture.source("S", "PK", "SK"))).getMessage());
  }

  /** A drive whose GSI ByName and LSI BySize are keyed on the attributes of columns name and size. */
  private static final String DRIVE = """
      {"tables": {"files": {"source": "D",
        "columns": {"account": "VARCHAR", "path": "VARCHAR", "name": "VARCHAR", "size": "%s"},
        "keys": {"PK": "DRIVE#{account}", "SK": "{path}"}}}}
      """;

  private static SourceTable drive(SourceIndex... indexes) {
    return PlanFixture.source("D", PlanFixture.keys("PK", "SK"), Map.of("size", AttributeType.N), indexes);
  }

  private static SourceIndex lsi(String name, String range) {
    return new SourceIndex(name, SourceIndex.Kind.LOCAL, PlanFixture.keys("PK", range), Projection.ALL,
        ImmutableSet.of());
  }

  @Test
  void anIndexKeyedOnAColumnsAttributeHasTheColumnAsItsTemplate() {
    EntityTable files = PlanFixture.bind(DRIVE.formatted("BIGINT"), "files",
        drive(PlanFixture.gsi("ByName", "name", null, Projection.KEYS_ONLY), lsi("BySize", "size")));
    assertEquals("{name}", files.template("name").text());
    assertEquals("{size}", files.template("size").text());
    assertEquals(List.of("ByName", "BySize"),
        files.keyTargets().stream().flatMap(t -> t.index().stream()).map(SourceIndex::name).toList());
    assertEquals(Optional.empty(), files.keyAttributeOf("name"), "an index key column is still stored, not decoded");
    assertEquals(List.of("name"), files.attributesOf(files.column(2)));
  }

  @Test
  void anIndexKeyedOnAnAttributeNoColumnIsStoredInStaysUnusable() {
    // path is decoded from SK, so an attribute named path holds no column's value.
    EntityTable files = PlanFixture.bind(DRIVE.formatted("BIGINT"), "files",
        drive(PlanFixture.gsi("ByTag", "tag", null, Projection.ALL), PlanFixture.gsi("ByPath", "path", null,
            Projection.ALL)));
    assertEquals(1, files.keyTargets().size());
    assertEquals(Optional.empty(), files.mapping().keyTemplate("path"));
  }

  @Test
  void aColumnOfAnotherTypeThanTheIndexKeyIsAnInvalidMapping() {
    assertEquals("Invalid mapping: table 'files', field 'columns.size' is VARCHAR, stored as S in attribute 'size', "
            + "but 'size' is a number (N) key of index 'BySize' of DynamoDB table 'D'; declare the column with a type "
            + "stored as N",
        assertKeycondError(SqlState.INVALID_MAPPING, () -> PlanFixture.bind(DRIVE.formatted("VARCHAR"), "files",
            drive(lsi("BySize", "size")))).getMessage());
  }

  @Test
  void aTemplateForAnAttributeThatIsNoKeyIsAnInvalidMapping() {
    String mapping = DRIVE.formatted("BIGINT").replace("\"SK\": \"{path}\"", "\"SK\": \"{path}\", \"Nmae\": \"{name}\"");
    assertEquals("Invalid mapping: table 'files', field 'keys.Nmae' is a template for 'Nmae', which is no key "
            + "attribute of DynamoDB table 'D' or of its indexes; the key attributes are PK and SK of the table, "
            + "name of index 'ByName', PK and size of index 'BySize'",
        assertKeycondError(SqlState.INVALID_MAPPING, () -> PlanFixture.bind(mapping, "files",
            drive(PlanFixture.gsi("ByName", "name", null, Projection.KEYS_ONLY), lsi("BySize", "size"))))
            .getMessage());
  }

  @Test
  void hierarchyPathMustEndTheSortKey() {
    SourceTable source = PlanFixture.source("S", "PK", "SK");
    String hierarchy = ", \"hierarchy\": {\"path\": \"b\", \"delimiter\": \"/\", \"parent\": \"a\"}";
    assertEquals("Invalid mapping: table 't', field 'hierarchy.path' column 'b' must be the last part of the sort key "
            + "template, so that a subtree is one key range",
        assertKeycondError(SqlState.INVALID_MAPPING,
            () -> PlanFixture.bind(mapping("\"PK\": \"{a}\", \"SK\": \"{b}#X\"", hierarchy), "t", source))
            .getMessage());
  }
}
