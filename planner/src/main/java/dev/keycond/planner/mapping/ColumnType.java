package dev.keycond.planner.mapping;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The SQL types a mapped column can declare, and how each one is stored in DynamoDB. */
public enum ColumnType {
  VARCHAR(AttributeType.S),
  DECIMAL(AttributeType.N),
  BIGINT(AttributeType.N),
  INTEGER(AttributeType.N),
  DOUBLE(AttributeType.N),
  BOOLEAN(AttributeType.BOOL),
  VARBINARY(AttributeType.B),
  /** An ISO-8601 instant stored as a string; read as UTC wall-clock time. */
  TIMESTAMP(AttributeType.S),
  /** An ISO-8601 date stored as a string. */
  DATE(AttributeType.S),
  /** A map, a list or any value, shown as JSON text; JSON_VALUE and JSON_QUERY read into it. */
  JSON(AttributeType.DOCUMENT),
  /** A string set (SS), as an array of VARCHAR. */
  STRING_SET(AttributeType.SS),
  /** A number set (NS), as an array of DECIMAL. */
  NUMBER_SET(AttributeType.NS),
  /** A binary set (BS), as an array of VARBINARY. */
  BINARY_SET(AttributeType.BS);

  private final AttributeType storage;

  ColumnType(AttributeType storage) {
    this.storage = storage;
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

  /** Whether a value of this type can be part of a key: a single string, number or binary value. */
  public boolean isScalar() {
    return this != JSON && !isSet();
  }

  /** Whether a value of this type is a DynamoDB set, an array in SQL. */
  public boolean isSet() {
    return this == STRING_SET || this == NUMBER_SET || this == BINARY_SET;
  }

  /** For a set type, the type of its elements. */
  public ColumnType elementType() {
    switch (this) {
      case STRING_SET:
        return VARCHAR;
      case NUMBER_SET:
        return DECIMAL;
      case BINARY_SET:
        return VARBINARY;
      default:
        throw new IllegalStateException(this + " is not a set");
    }
  }

  /** Parses a type name as written in a mapping file; {@code VARCHAR(20)} style sizes are accepted. */
  public static Optional<ColumnType> parse(String text) {
    String upper = text.trim().toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
    int paren = upper.indexOf('(');
    String name = paren > 0 ? upper.substring(0, paren).trim() : upper;
    switch (name) {
      case "MAP":
      case "LIST":
      case "DOCUMENT":
        return Optional.of(JSON);
      case "SS":
      case "STRING SET":
      case "VARCHAR ARRAY":
        return Optional.of(STRING_SET);
      case "NS":
      case "NUMBER SET":
      case "DECIMAL ARRAY":
        return Optional.of(NUMBER_SET);
      case "BS":
      case "BINARY SET":
      case "VARBINARY ARRAY":
        return Optional.of(BINARY_SET);
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
        return Arrays.stream(values()).filter(t -> t.mappingName().equals(name)).findFirst();
    }
  }

  /** The type's name as a mapping file spells it: {@code NUMBER SET}. */
  public String mappingName() {
    return name().replace('_', ' ');
  }

  public static String names() {
    return Arrays.stream(values()).map(ColumnType::mappingName).collect(Collectors.joining(", "));
  }
}
