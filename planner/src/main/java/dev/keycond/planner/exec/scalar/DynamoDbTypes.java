package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.codec.DynamoJson;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.StoredValues;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DYNAMODB_TYPE over a JSON text: the type of the value at the path, read from the DynamoDB value
 * the text was decoded from when a read decoded it (the only way to tell {@code B} from {@code S},
 * or a set from {@code L}), else from the value the text describes, as keycond would write it
 * (an object is {@code M}, an array {@code L}). A path follows map keys and list indexes; it
 * leads nowhere (NULL) into a scalar or a set.
 */
final class DynamoDbTypes {
  private DynamoDbTypes() {}

  static Scalar compile(List<Scalar> operands) {
    Scalar document = operands.get(0);
    Scalar path = operands.size() > 1 ? operands.get(1) : (row, context) -> "$";
    JsonFunctions.ParsedPath parsed = new JsonFunctions.ParsedPath();
    return (row, context) -> {
      Object text = document.evaluate(row, context);
      Object where = path.evaluate(row, context);
      if (text == null || where == null) {
        return null;
      }
      List<Object> steps = parsed.steps(where.toString());
      AttributeValue value = context.storedValues().flatMap(values -> values.of(text))
          .orElseGet(() -> described(text.toString()));
      for (Object step : steps) {
        if (value == null) {
          return null;
        }
        value = step instanceof Integer index
            ? value.hasL() && index < value.l().size() ? value.l().get(index) : null
            : value.hasM() ? value.m().get((String) step) : null;
      }
      return value == null ? null : name(value);
    };
  }

  /** The value JSON text describes; none for text that is not JSON. */
  private static AttributeValue described(String text) {
    try {
      return DynamoJson.fromJson(text);
    } catch (IllegalArgumentException notJson) {
      return null;
    }
  }

  private static String name(AttributeValue value) {
    return value.type() == AttributeValue.Type.NUL ? "NULL" : value.type().name();
  }
}
