package dev.keycond.planner.infer;

import static java.util.Objects.requireNonNull;

import dev.keycond.planner.codec.AttributeCodec;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.mapping.ColumnType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The type proposed for a column and why. A type is proposed only when keycond's own codec reads
 * every value seen as that type and writes it back unchanged, so a guess never alters an item it
 * was made from; a wrong guess about items not sampled is an error on read (class 22), never a
 * silently changed value.
 */
record TypeGuess(ColumnType type, String reason) {
  TypeGuess {
    requireNonNull(type, "type");
    requireNonNull(reason, "reason");
  }

  /** The type of a stored attribute, from its values in the sample (NULLs and missing ones left out). */
  static TypeGuess ofValues(List<AttributeValue> seen) {
    List<AttributeValue> values = seen.stream().filter(v -> v != null && !Boolean.TRUE.equals(v.nul())).toList();
    if (values.isEmpty()) {
      return new TypeGuess(ColumnType.VARCHAR, "only NULL seen; VARCHAR is a guess");
    }
    Set<String> kinds = new TreeSet<>();
    values.forEach(v -> kinds.add(v.type().name()));
    String count = values.size() == 1 ? "the one value seen" : "all " + values.size() + " values seen";
    if (kinds.size() > 1) {
      return new TypeGuess(ColumnType.JSON, "values of several DynamoDB types " + kinds + ": JSON shows each as it is");
    }
    switch (kinds.iterator().next()) {
      case "S":
        if (readExactly(values, ColumnType.DATE)) {
          return new TypeGuess(ColumnType.DATE, count + " are ISO dates");
        }
        if (readExactly(values, ColumnType.TIMESTAMP)) {
          return new TypeGuess(ColumnType.TIMESTAMP, count + " are ISO-8601 UTC timestamps");
        }
        if (values.stream().allMatch(v -> v.s().matches("\\d+"))) {
          return new TypeGuess(ColumnType.VARCHAR, count + " are digits stored as text (S), such as '"
              + values.get(0).s() + "': kept VARCHAR, since a number would drop leading zeros and write N");
        }
        return new TypeGuess(ColumnType.VARCHAR, "text");
      case "N":
        return readExactly(values, ColumnType.BIGINT)
            ? new TypeGuess(ColumnType.BIGINT, count + " are whole numbers")
            : new TypeGuess(ColumnType.DECIMAL, count + " are numbers, not all whole");
      case "BOOL":
        return new TypeGuess(ColumnType.BOOLEAN, "booleans");
      case "B":
        return new TypeGuess(ColumnType.VARBINARY, "binary");
      case "SS":
        return new TypeGuess(ColumnType.STRING_SET, "string sets");
      case "NS":
        return new TypeGuess(ColumnType.NUMBER_SET, "number sets");
      case "BS":
        return new TypeGuess(ColumnType.BINARY_SET, "binary sets");
      default:
        return new TypeGuess(ColumnType.JSON, "maps or lists");
    }
  }

  /** Whether the codec reads every value as {@code type} and writes it back as it was. */
  private static boolean readExactly(List<AttributeValue> values, ColumnType type) {
    for (AttributeValue value : values) {
      try {
        AttributeValue written = AttributeCodec.encode(AttributeCodec.decode(value, type), type);
        boolean same = value.n() != null
            ? written.n() != null && new BigDecimal(value.n()).compareTo(new BigDecimal(written.n())) == 0
            : value.equals(written);
        if (!same) {
          return false;
        }
      } catch (KeycondException | ArithmeticException | IllegalArgumentException notThisType) {
        return false;
      }
    }
    return true;
  }
}
