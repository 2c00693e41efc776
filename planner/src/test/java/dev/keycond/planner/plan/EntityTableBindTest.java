package dev.keycond.planner.plan;

import static dev.keycond.planner.plan.PlanFixture.assertKeycondError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.dynamo.SourceTable;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.DesignMapping;
import dev.keycond.planner.schema.EntityTable;
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
    EntityTable files = PlanFixture.bind(DesignMapping.JSON, "files", PlanFixture.source("Drive", "PK", "SK"));
    assertEquals(List.of("PK", "SK"), files.ownKeyAttributes());
    assertEquals(Optional.of("PK"), files.keyAttributeOf("account"));
    assertEquals(Optional.of("SK"), files.keyAttributeOf("path"));
    assertEquals(Optional.empty(), files.keyAttributeOf("parent"));
    assertEquals("parent", files.attributeOf(files.column(2)));
    assertEquals("SK", files.attributeOf(files.column(1)));
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
