package dev.keycond.planner.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappingParserTest {
  private static final String ORIGIN = "m.json";

  /** Parses a mapping whose one table "files" has the given body fields (JSON, without braces). */
  private static String filesTable(String fields) {
    return "{\"tables\": {\"files\": {" + fields + "}}}";
  }

  private static final String COLUMNS =
      "\"columns\": {\"account\": \"VARCHAR\", \"path\": \"VARCHAR\", \"parent\": \"VARCHAR\", \"size\": \"BIGINT\"}";

  private static KeycondException failure(String json) {
    KeycondException e = assertThrows(KeycondException.class, () -> MappingParser.parse(json, ORIGIN));
    assertEquals(SqlState.INVALID_MAPPING, e.state());
    assertEquals("42Z10", e.state().code());
    return e;
  }

  private static String message(String json) {
    return failure(json).getMessage();
  }

  @Test
  void aNumericConstantKeepsEveryDigitItIsWrittenWith() {
    Mapping mapping = MappingParser.parse(filesTable("\"source\": \"Drive\", " + COLUMNS
        + ", \"keys\": {\"PK\": \"{account}\", \"SK\": \"{path}\"}, \"constants\": {\"schema\": "
        + "12345678901234567890.123456789012345670, \"big\": 123456789012345678901234567890}"), ORIGIN);
    TableMapping files = mapping.table("files").orElseThrow();
    assertEquals(new Constant("schema", AttributeType.N, "12345678901234567890.123456789012345670"),
        files.constants().get("schema"));
    assertEquals(new Constant("big", AttributeType.N, "123456789012345678901234567890"), files.constants().get("big"));
  }

  @Nested
  class DesignExample {
    private final Mapping mapping = ReadmeMapping.parse();

    @Test
    void declaresTheThreeTablesInFileOrder() {
      assertEquals(List.of("files", "workspaces", "projects"), List.copyOf(mapping.tables().keySet()));
      assertEquals(Set.of("Drive", "Control"), mapping.sources());
    }

    @Test
    void filesTableHasColumnsKeysAndHierarchy() {
      TableMapping files = mapping.table("files").orElseThrow();
      assertEquals("files", files.name());
      assertEquals("Drive", files.source());
      assertEquals(ImmutableList.of(
          new Column("account", ColumnType.VARCHAR, "account"),
          new Column("path", ColumnType.VARCHAR, "path"),
          new Column("parent", ColumnType.VARCHAR, "parent"),
          new Column("size", ColumnType.BIGINT, "size"),
          new Column("modified", ColumnType.TIMESTAMP, "modified")), files.columns());
      assertEquals(ImmutableMap.of("PK", KeyTemplate.parse("DRIVE#{account}"), "SK", KeyTemplate.parse("{path}")),
          files.keys());
      assertEquals(List.of("PK", "SK"), List.copyOf(files.keys().keySet()));
      assertEquals(Optional.of(new Hierarchy("path", "/", "parent")), files.hierarchy());
      assertEquals(List.of(), files.references());
      assertEquals(3, files.columnIndex("size"));
      assertEquals(-1, files.columnIndex("Size"));
    }

    @Test
    void workspacesHaveAConstantSortKey() {
      TableMapping workspaces = mapping.table("workspaces").orElseThrow();
      assertEquals("Control", workspaces.source());
      assertEquals("META", workspaces.keyTemplate("Detail").orElseThrow().text());
      assertEquals("WS#{id}", workspaces.keyTemplate("EntityRef").orElseThrow().text());
      assertEquals(Optional.empty(), workspaces.hierarchy());
    }

    @Test
    void projectsReferToWorkspaces() {
      TableMapping projects = mapping.table("projects").orElseThrow();
      assertEquals(List.of(new Reference("workspace_id", "workspaces", "id")), projects.references());
      assertEquals(List.of("workspace_id", "id", "name", "status"),
          projects.columns().stream().map(Column::name).toList());
    }

    @Test
    void unknownTableIsAbsent() {
      assertEquals(Optional.empty(), mapping.table("Files"));
    }
  }

  @Nested
  class Columns {
    @Test
    void objectFormNamesAnotherAttribute() {
      Mapping m = MappingParser.parse(filesTable("\"source\": \"Drive\", \"columns\": {\"account\": \"VARCHAR\", "
          + "\"size\": {\"type\": \"BIGINT\", \"attribute\": \"sz\"}}, \"keys\": {\"PK\": \"{account}\"}"), ORIGIN);
      assertEquals(new Column("size", ColumnType.BIGINT, "sz", Column.Storage.DECLARED), m.table("files").orElseThrow().column("size")
          .orElseThrow());
    }

    @Test
    void objectFormWithoutAttributeUsesTheColumnName() {
      Mapping m = MappingParser.parse(filesTable("\"source\": \"Drive\", \"columns\": {\"account\": "
          + "{\"type\": \"varchar(20)\"}}, \"keys\": {\"PK\": \"{account}\"}"), ORIGIN);
      assertEquals(new Column("account", ColumnType.VARCHAR, "account"),
          m.table("files").orElseThrow().columns().get(0));
    }

    @Test
    void typeAliasesAndSizesAreAccepted() {
      assertEquals(Optional.of(ColumnType.VARCHAR), ColumnType.parse("varchar(255)"));
      assertEquals(Optional.of(ColumnType.VARCHAR), ColumnType.parse("string"));
      assertEquals(Optional.of(ColumnType.INTEGER), ColumnType.parse("INT"));
      assertEquals(Optional.of(ColumnType.DECIMAL), ColumnType.parse(" numeric(10, 2) "));
      assertEquals(Optional.of(ColumnType.VARBINARY), ColumnType.parse("blob"));
      assertEquals(Optional.of(ColumnType.BOOLEAN), ColumnType.parse("bool"));
      assertEquals(Optional.empty(), ColumnType.parse("BIGGINT"));
    }

    @Test
    void columnNamesKeepTheirCase() {
      Mapping m = MappingParser.parse(filesTable("\"source\": \"Drive\", \"columns\": {\"AccountId\": \"VARCHAR\"}, "
          + "\"keys\": {\"PK\": \"A#{AccountId}\"}"), ORIGIN);
      assertEquals("AccountId", m.table("files").orElseThrow().columns().get(0).name());
    }
  }

  @Nested
  class Errors {
    @Test
    void badJsonGivesLineAndColumn() {
      String json = "{\n  \"tables\": {\n    \"files\": { \"source\" \"Drive\" }\n  }\n}";
      String message = message(json);
      assertEquals("Invalid mapping: m.json is not valid JSON: Unexpected character ('\"' (code 34)): was "
          + "expecting a colon to separate field name and value (line 3, column 25)", message);
    }

    @Test
    void textAfterTheMappingIsRejectedWhereItStarts() {
      assertEquals("Invalid mapping: m.json is not valid JSON: text after the JSON value: { (line 1, column 16)",
          message("{\"tables\": {}} {\"tables\": {}}"));
    }

    @Test
    void aNumericConstantDynamoDbCannotStoreIsRefused() {
      for (String number : List.of("1e400", "1E-131", "123456789012345678901234567890123456789",
          "1.000000000000000000000000000000000000001")) {
        String message = message(filesTable("\"source\": \"Drive\", " + COLUMNS
            + ", \"keys\": {\"PK\": \"{account}\", \"SK\": \"{path}\"}, \"constants\": {\"v\": " + number + "}"));
        assertTrue(message.contains("field 'constants.v'"), message);
        assertTrue(message.endsWith(", which DynamoDB cannot store: its numbers have at most 38 significant digits "
            + "and are 0 or of a magnitude from 1E-130 to 9.9999999999999999999999999999999999999E+125"), message);
      }
    }

    @Test
    void aValueAfterTheMappingIsNamedAsWritten() {
      assertEquals("Invalid mapping: m.json is not valid JSON: text after the JSON value: 5 (line 1, column 16)",
          message("{\"tables\": {}} 5"));
    }

    @Test
    void aTableDeclaredTwiceIsRefusedWhereItIsDeclaredAgain() {
      assertEquals("Invalid mapping: m.json is not valid JSON: Duplicate field 'files' (line 1, column 46)",
          message("{\"tables\": {\"files\": {}, \"other\": {}, \"files\": {}}}"));
    }

    @Test
    void textPastTheParsersLimitsIsAnInvalidMappingWithoutALocation() {
      String deep = "[".repeat(2000) + "]".repeat(2000);
      String digits = "1".repeat(1001);
      for (String json : List.of(deep, filesTable("\"constants\": {\"v\": " + digits + "}"))) {
        String message = message(json);
        assertTrue(message.startsWith("Invalid mapping: m.json is not valid JSON: "), message);
        assertTrue(message.contains("exceeds the maximum"), message);
      }
    }

    @Test
    void aByteOrderMarkBeforeTheMappingIsSkipped() {
      Mapping mapping = MappingParser.parse("\uFEFF" + filesTable("\"source\": \"Drive\", " + COLUMNS
          + ", \"keys\": {\"PK\": \"{account}\", \"SK\": \"{path}\"}"), ORIGIN);
      assertEquals(List.of("files"), List.copyOf(mapping.tables().keySet()));
    }

    @Test
    void emptyTextIsNotAMapping() {
      assertEquals("Invalid mapping: m.json must be a JSON object with a \"tables\" object", message(""));
    }

    @Test
    void objectWithoutTablesIsRejected() {
      assertEquals("Invalid mapping: m.json must be a JSON object with a \"tables\" object",
          message("{\"table\": {}}"));
    }

    @Test
    void tablesThatIsNotAnObjectIsRejected() {
      assertEquals("Invalid mapping: m.json must be a JSON object with a \"tables\" object",
          message("{\"tables\": []}"));
      assertEquals("Invalid mapping: m.json must be a JSON object with a \"tables\" object", message("[]"));
    }

    @Test
    void tableThatIsNotAnObjectIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files' must be an object with \"source\", \"columns\" and "
          + "\"keys\"", message("{\"tables\": {\"files\": \"Drive\"}}"));
    }

    @Test
    void typoInATableFieldNamesTheField() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'hierachy' is not a known field; expected one of "
          + "columns, constants, hierarchy, keys, references, shard, source",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"{account}\"}, "
              + "\"hierachy\": {}")));
    }

    @Test
    void typoInAHierarchyFieldNamesTheNestedField() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'hierarchy.delimeter' is not a known field; "
          + "expected one of delimiter, parent, path",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"D#{account}\", "
              + "\"SK\": \"{path}\"}, \"hierarchy\": {\"path\": \"path\", \"delimeter\": \"/\", \"parent\": \"parent\"}")));
    }

    @Test
    void typoInAColumnObjectNamesTheColumn() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'columns.size.atribute' is not a known field; "
          + "expected one of attribute, type",
          message(filesTable("\"source\": \"Drive\", \"columns\": {\"size\": {\"type\": \"BIGINT\", "
              + "\"atribute\": \"sz\"}}, \"keys\": {\"PK\": \"{size}\"}")));
    }

    @Test
    void missingSourceIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'source' is required and must be a non-empty string",
          message(filesTable(COLUMNS + ", \"keys\": {\"PK\": \"{account}\"}")));
    }

    @Test
    void missingColumnsIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'columns' must be an object of column name to type",
          message(filesTable("\"source\": \"Drive\", \"keys\": {\"PK\": \"{account}\"}")));
    }

    @Test
    void missingKeysIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'keys' must map each DynamoDB key attribute to a "
          + "template, like {\"PK\": \"USER#{id}\"}", message(filesTable("\"source\": \"Drive\", " + COLUMNS)));
    }

    @Test
    void unknownColumnTypeListsTheTypes() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'columns.size' unknown type 'BIGGINT'; use one of "
          + ColumnType.names(),
          message(filesTable("\"source\": \"Drive\", \"columns\": {\"account\": \"VARCHAR\", \"size\": \"BIGGINT\"}, "
              + "\"keys\": {\"PK\": \"{account}\"}")));
    }

    @Test
    void unknownColumnTypeInObjectFormNamesTheColumn() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'columns.size' unknown type 'LONG'; use one of "
          + ColumnType.names(),
          message(filesTable("\"source\": \"Drive\", \"columns\": {\"size\": {\"type\": \"LONG\"}}, "
              + "\"keys\": {\"PK\": \"{size}\"}")));
    }

    @Test
    void columnThatIsNeitherTypeNorObjectIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'columns.size' must be a type name or "
          + "{\"type\": ..., \"attribute\": ...}",
          message(filesTable("\"source\": \"Drive\", \"columns\": {\"size\": 8}, \"keys\": {\"PK\": \"{size}\"}")));
    }

    @Test
    void templateUsingAnUndeclaredColumnNamesKeyAndColumn() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'keys.PK' template 'DRIVE#{acount}' uses column "
          + "'acount', which is not declared in \"columns\"",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"DRIVE#{acount}\"}")));
    }

    @Test
    void malformedTemplateCarriesTheParseError() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'keys.PK' template 'DRIVE#{account': '{' at "
          + "position 6 is never closed",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"DRIVE#{account\"}")));
    }

    @Test
    void touchingSlotsInAMappingNameTheKey() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'keys.SK' template '{account}{path}': two column "
          + "slots touch at position 9; put a literal separator between them so the key can be decoded",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"D#{account}\", "
              + "\"SK\": \"{account}{path}\"}")));
    }

    @Test
    void nonTextTemplateIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'keys.PK' must be a template string",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": 1}")));
    }

    @Test
    void columnUsedTwiceInOneTemplateIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'keys.SK' template '{path}#{path}' uses column "
          + "'path' twice",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"D#{account}\", "
              + "\"SK\": \"{path}#{path}\"}")));
    }

    @Test
    void widthOnAVarcharSlotIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'keys.SK' template 'F#{path:06}' gives column "
          + "'path' a zero-padded width, which only INTEGER and BIGINT columns can have",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"D#{account}\", "
              + "\"SK\": \"F#{path:06}\"}")));
    }

    @Test
    void widthOnABigintSlotIsAccepted() {
      Mapping m = MappingParser.parse(filesTable("\"source\": \"Drive\", " + COLUMNS
          + ", \"keys\": {\"PK\": \"D#{account}\", \"SK\": \"V#{size:010}\"}"), ORIGIN);
      assertEquals(10, m.table("files").orElseThrow().keys().get("SK").slots().get(0).width());
    }

    @Test
    void binaryColumnInsideATextTemplateIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'keys.SK' template 'BLOB#{data}' embeds VARBINARY "
          + "column 'data' in text; a binary column can only be a key on its own, as '{data}'",
          message(filesTable("\"source\": \"Drive\", \"columns\": {\"account\": \"VARCHAR\", \"data\": \"VARBINARY\"}, "
              + "\"keys\": {\"PK\": \"D#{account}\", \"SK\": \"BLOB#{data}\"}")));
    }

    @Test
    void binaryColumnOnItsOwnIsAccepted() {
      Mapping m = MappingParser.parse(filesTable("\"source\": \"Drive\", \"columns\": {\"account\": \"VARCHAR\", "
          + "\"data\": \"VARBINARY\"}, \"keys\": {\"PK\": \"D#{account}\", \"SK\": \"{data}\"}"), ORIGIN);
      assertEquals(ColumnType.VARBINARY, m.table("files").orElseThrow().column("data").orElseThrow().type());
    }

    @Test
    void setColumnInsideATemplateIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'keys.SK' template 'T#{tags}' uses STRING_SET "
          + "column 'tags'; only single values (text, numbers, dates, binary) can be part of a key",
          message(filesTable("\"source\": \"Drive\", \"columns\": {\"account\": \"VARCHAR\", \"tags\": \"SS\"}, "
              + "\"keys\": {\"PK\": \"D#{account}\", \"SK\": \"T#{tags}\"}")));
    }

    @Test
    void hierarchyWithAnUnknownColumnNamesTheHierarchyField() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'hierarchy.parent' column 'parnt' is not declared "
          + "in \"columns\"",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"D#{account}\", "
              + "\"SK\": \"{path}\"}, \"hierarchy\": {\"path\": \"path\", \"delimiter\": \"/\", \"parent\": \"parnt\"}")));
    }

    @Test
    void hierarchyOverANonVarcharColumnIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'hierarchy.path' column 'size' must be VARCHAR to "
          + "hold a path",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"D#{account}\", "
              + "\"SK\": \"{path}\"}, \"hierarchy\": {\"path\": \"size\", \"delimiter\": \"/\", \"parent\": \"parent\"}")));
    }

    @Test
    void hierarchyWithoutDelimiterIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'hierarchy.delimiter' is required and must be a "
          + "non-empty string",
          message(filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"D#{account}\", "
              + "\"SK\": \"{path}\"}, \"hierarchy\": {\"path\": \"path\", \"delimiter\": \"\", \"parent\": \"parent\"}")));
    }

    @Test
    void referenceToAnUnknownTableNamesTheReference() {
      assertEquals("Invalid mapping: m.json: table 'projects', field 'references.workspace_id' refers to table "
          + "'workspace', which the mapping does not declare",
          message(ReadmeMapping.JSON.replace("\"workspaces.id\"", "\"workspace.id\"")));
    }

    @Test
    void referenceToAnUnknownColumnNamesTheTargetTable() {
      assertEquals("Invalid mapping: m.json: table 'projects', field 'references.workspace_id' refers to column "
          + "'ident', which table 'workspaces' does not declare",
          message(ReadmeMapping.JSON.replace("\"workspaces.id\"", "\"workspaces.ident\"")));
    }

    @Test
    void referenceFromAnUndeclaredColumnIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'projects', field 'references.workspace' column 'workspace' is "
          + "not declared in \"columns\"",
          message(ReadmeMapping.JSON.replace("\"references\": { \"workspace_id\"", "\"references\": { \"workspace\"")));
    }

    @Test
    void referenceWithoutADotIsRejected() {
      assertEquals("Invalid mapping: m.json: table 'projects', field 'references.workspace_id' must be "
          + "\"table.column\", not '\"workspaces\"'",
          message(ReadmeMapping.JSON.replace("\"workspaces.id\"", "\"workspaces\"")));
    }
  }

  @Nested
  class Shards {
    private static final String TASKS = "\"source\": \"Control\", \"columns\": {\"ws\": \"VARCHAR\", "
        + "\"shard\": \"INTEGER\", \"id\": \"VARCHAR\", \"title\": \"VARCHAR\"}, "
        + "\"keys\": {\"PK\": \"T#{ws}#{shard:02}\", \"SK\": \"{id}\"}, ";

    @Test
    void aShardDeclarationIsRead() {
      Mapping mapping = MappingParser.parse(filesTable(TASKS
          + "\"shard\": {\"column\": \"shard\", \"of\": \"id\", \"count\": 8}"), ORIGIN);
      assertEquals(Optional.of(new Sharding("shard", "id", 8)), mapping.table("files").orElseThrow().sharding());
    }

    @Test
    void aTableWithoutOneIsNotSharded() {
      Mapping mapping = MappingParser.parse(filesTable(TASKS.substring(0, TASKS.length() - 2)), ORIGIN);
      assertEquals(Optional.empty(), mapping.table("files").orElseThrow().sharding());
    }

    @Test
    void aShardOrHierarchyThatIsNotAnObjectNamesItsFieldsInOrder() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'shard' must be an object with \"column\", "
          + "\"of\" and \"count\"", message(filesTable(TASKS + "\"shard\": 4")));
      assertEquals("Invalid mapping: m.json: table 'files', field 'hierarchy' must be an object with \"path\", "
          + "\"delimiter\" and \"parent\"", message(filesTable(TASKS + "\"hierarchy\": \"path\"")));
    }

    @Test
    void theCountMustBeTwoOrMore() {
      for (String count : List.of("1", "0", "-3", "2.5", "\"4\"", "null")) {
        assertEquals("Invalid mapping: m.json: table 'files', field 'shard.count' must be a whole number of shards, "
            + "2 or more", message(filesTable(TASKS
                + "\"shard\": {\"column\": \"shard\", \"of\": \"id\", \"count\": " + count + "}")), count);
      }
    }

    @Test
    void theShardColumnMustBeAnIntegerColumn() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'shard.column' column 'title' must be INTEGER or "
          + "BIGINT to hold a shard number", message(filesTable(TASKS
              + "\"shard\": {\"column\": \"title\", \"of\": \"id\", \"count\": 4}")));
      assertEquals("Invalid mapping: m.json: table 'files', field 'shard.column' column 'nope' is not declared in "
          + "\"columns\"", message(filesTable(TASKS
              + "\"shard\": {\"column\": \"nope\", \"of\": \"id\", \"count\": 4}")));
    }

    @Test
    void theShardAndItsSourceMustBeKeySlots() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'shard' columns 'shard' and 'title' must both be "
          + "slots of key templates: the shard is part of the partition key, and is computed from a key column so "
          + "that it never changes", message(filesTable(TASKS
              + "\"shard\": {\"column\": \"shard\", \"of\": \"title\", \"count\": 4}")));
      assertEquals("Invalid mapping: m.json: table 'files', field 'shard.of' must name another column declared in "
          + "\"columns\", not 'shard'", message(filesTable(TASKS
              + "\"shard\": {\"column\": \"shard\", \"of\": \"shard\", \"count\": 4}")));
    }

    @Test
    void unknownFieldsAreNamed() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'shard.cuont' is not a known field; expected one "
          + "of column, count, of", message(filesTable(TASKS
              + "\"shard\": {\"column\": \"shard\", \"of\": \"id\", \"cuont\": 4}")));
    }

    @Test
    void aHierarchyCannotBeSharded() {
      assertEquals("Invalid mapping: m.json: table 'files', field 'shard' a table with a hierarchy cannot be "
          + "sharded: a subtree would be spread over shards, and its walk would no longer be one Query",
          message(filesTable("\"source\": \"Drive\", \"columns\": {\"account\": \"VARCHAR\", \"shard\": "
              + "\"INTEGER\", \"path\": \"VARCHAR\", \"parent\": \"VARCHAR\"}, \"keys\": {\"PK\": "
              + "\"D#{account}#{shard}\", \"SK\": \"{path}\"}, \"hierarchy\": {\"path\": \"path\", "
              + "\"delimiter\": \"/\", \"parent\": \"parent\"}, "
              + "\"shard\": {\"column\": \"shard\", \"of\": \"path\", \"count\": 4}")));
    }
  }

  @Nested
  class Loading {
    @TempDir
    Path dir;

    @Test
    void inlinePrefixParsesTheRest() {
      Mapping m = MappingParser.load("inline:" + ReadmeMapping.JSON);
      assertEquals(ReadmeMapping.parse(), m);
    }

    @Test
    void inlineErrorsNameTheInlineMapping() {
      KeycondException e = assertThrows(KeycondException.class, () -> MappingParser.load("inline:{}"));
      assertEquals(SqlState.INVALID_MAPPING, e.state());
      assertEquals("Invalid mapping: inline mapping must be a JSON object with a \"tables\" object", e.getMessage());
    }

    @Test
    void filePathIsRead() throws IOException {
      Path file = dir.resolve("mapping.json");
      Files.writeString(file, ReadmeMapping.JSON, StandardCharsets.UTF_8);
      assertEquals(ReadmeMapping.parse(), MappingParser.load(file.toString()));
    }

    @Test
    void fileErrorsNameTheFile() throws IOException {
      Path file = dir.resolve("bad.json");
      Files.writeString(file, filesTable("\"source\": \"Drive\", " + COLUMNS + ", \"keys\": {\"PK\": \"{acount}\"}"),
          StandardCharsets.UTF_8);
      KeycondException e = assertThrows(KeycondException.class, () -> MappingParser.load(file.toString()));
      assertEquals(SqlState.INVALID_MAPPING, e.state());
      assertEquals("Invalid mapping: mapping file " + file + ": table 'files', field 'keys.PK' template '{acount}' "
          + "uses column 'acount', which is not declared in \"columns\"", e.getMessage());
    }

    @Test
    void missingFileIsAnInvalidMapping() {
      Path missing = dir.resolve("nope.json");
      KeycondException e = assertThrows(KeycondException.class, () -> MappingParser.load(missing.toString()));
      assertEquals(SqlState.INVALID_MAPPING, e.state());
      assertEquals("Invalid mapping: mapping file " + missing + " does not exist", e.getMessage());
    }

    @Test
    void directoryCannotBeRead() {
      KeycondException e = assertThrows(KeycondException.class, () -> MappingParser.load(dir.toString()));
      assertEquals(SqlState.INVALID_MAPPING, e.state());
      assertEquals(true, e.getMessage().contains("cannot read mapping file " + dir + ": "), e.getMessage());
    }

    @Test
    void noPropertyMeansNoMapping() {
      assertSame(Mapping.EMPTY, MappingParser.load(null));
      assertSame(Mapping.EMPTY, MappingParser.load("  "));
    }
  }
}
