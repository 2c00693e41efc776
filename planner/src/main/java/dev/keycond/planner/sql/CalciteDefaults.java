package dev.keycond.planner.sql;

/**
 * Calcite reads its default character set once, from system properties, and its default is
 * ISO-8859-1: a string literal with any other character would then fail to validate. DynamoDB
 * strings are Unicode, so keycond asks for UTF-8 before Calcite starts, unless the host
 * application has chosen otherwise.
 */
public final class CalciteDefaults {
  private CalciteDefaults() {}

  public static void apply() {
    setIfAbsent("calcite.default.charset", "UTF-8");
    setIfAbsent("calcite.default.nationalcharset", "UTF-8");
    setIfAbsent("calcite.default.collation.name", "UTF-8$en_US");
  }

  private static void setIfAbsent(String name, String value) {
    if (System.getProperty(name) == null) {
      System.setProperty(name, value);
    }
  }
}
