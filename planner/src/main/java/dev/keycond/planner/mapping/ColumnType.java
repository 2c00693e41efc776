package dev.keycond.planner.mapping;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.calcite.sql.type.SqlTypeName;

/** The SQL types a mapped column can declare, and how each one is stored in DynamoDB. */
public enum ColumnType {
  VARCHAR(SqlTypeName.VARCHAR, AttributeType.S),
  DECIMAL(SqlTypeName.DECIMAL, AttributeType.N),
  BIGINT(SqlTypeName.BIGINT, AttributeType.N),
  INTEGER(SqlTypeName.INTEGER, AttributeType.N),
  DOUBLE(SqlTypeName.DOUBLE, AttributeType.N),
  BOOLEAN(SqlTypeName.BOOLEAN, AttributeType.BOOL),
  VARBINARY(SqlTypeName.VARBINARY, AttributeType.B),
  /** An ISO-8601 instant stored as a string; read as UTC wall-clock time. */
  TIMESTAMP(SqlTypeName.TIMESTAMP, AttributeType.S),
  /** An ISO-8601 date stored as a string. */
  DATE(SqlTypeName.DATE, AttributeType.S);

  private final SqlTypeName sqlType;
  private final AttributeType storage;

  ColumnType(SqlTypeName sqlType, AttributeType storage) {
    this.sqlType = sqlType;
    this.storage = storage;
  }

  public SqlTypeName sqlType() {
    return sqlType;
  }

  /** The DynamoDB type a value of this column is written as, outside key templates. */
  public AttributeType storage() {
    return storage;
  }

  public boolean isNumeric() {
    return storage == AttributeType.N;
  }

  public boolean isExactInteger() {
    return this == BIGINT || this == INTEGER;
  }

  /** Parses a type name as written in a mapping file; {@code VARCHAR(20)} style sizes are accepted. */
  public static Optional<ColumnType> parse(String text) {
    String upper = text.trim().toUpperCase(Locale.ROOT);
    int paren = upper.indexOf('(');
    String name = paren > 0 ? upper.substring(0, paren).trim() : upper;
    switch (name) {
      case "STRING":
      case "CHAR":
      case "TEXT":
        return Optional.of(VARCHAR);
      case "INT":
        return Optional.of(INTEGER);
      case "NUMBER":
      case "NUMERIC":
        return Optional.of(DECIMAL);
      case "BOOL":
        return Optional.of(BOOLEAN);
      case "BINARY":
      case "BLOB":
        return Optional.of(VARBINARY);
      default:
        return Arrays.stream(values()).filter(t -> t.name().equals(name)).findFirst();
    }
  }

  public static String names() {
    return Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "));
  }
}
