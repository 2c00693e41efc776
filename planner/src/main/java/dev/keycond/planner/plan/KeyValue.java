package dev.keycond.planner.plan;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.mapping.AttributeType;
import java.util.stream.Collectors;

/**
 * The value of one key attribute in a key condition, as template text and column values still to
 * be encoded; {@link KeyValueBinder} turns it into an attribute value once parameters are known.
 *
 * @param successor true for the upper end of "everything that starts with these parts": the
 *     smallest string greater than all of them, which is computed from the encoded text
 */
public record KeyValue(AttributeType type, ImmutableList<KeyPart> parts, boolean successor) {

  /** True when every part is known without parameters. */
  public boolean isConstant() {
    return parts.stream().allMatch(p -> !(p instanceof KeyPart.Value v) || v.operand() instanceof Operand.Literal);
  }

  @Override
  public String toString() {
    return parts.stream().map(p -> p instanceof KeyPart.Text t ? t.text() : "{" + ((KeyPart.Value) p).operand() + "}")
        .collect(Collectors.joining()) + (successor ? " (successor)" : "");
  }
}
