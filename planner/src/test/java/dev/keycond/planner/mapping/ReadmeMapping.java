package dev.keycond.planner.mapping;

/** The mapping file of the README, verbatim, shared by the mapping and planning tests. */
public final class ReadmeMapping {
  public static final String JSON = """
      {
        "tables": {
          "files": {
            "source": "Drive",
            "columns": { "account": "VARCHAR", "path": "VARCHAR", "parent": "VARCHAR",
                         "size": "BIGINT", "modified": "TIMESTAMP" },
            "keys": { "PK": "DRIVE#{account}", "SK": "{path}" },
            "hierarchy": { "path": "path", "delimiter": "/", "parent": "parent" }
          },
          "workspaces": {
            "source": "Control",
            "columns": { "id": "VARCHAR", "name": "VARCHAR", "plan": "VARCHAR" },
            "keys": { "EntityRef": "WS#{id}", "Detail": "META" }
          },
          "projects": {
            "source": "Control",
            "columns": { "workspace_id": "VARCHAR", "id": "VARCHAR", "name": "VARCHAR", "status": "VARCHAR" },
            "keys": { "EntityRef": "WS#{workspace_id}", "Detail": "PROJ#{id}" },
            "references": { "workspace_id": "workspaces.id" }
          }
        }
      }
      """;

  private ReadmeMapping() {}

  public static Mapping parse() {
    return MappingParser.parse(JSON, "README mapping");
  }

  public static TableMapping table(String name) {
    return parse().table(name).orElseThrow();
  }
}
