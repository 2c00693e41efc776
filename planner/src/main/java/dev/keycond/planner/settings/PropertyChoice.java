package dev.keycond.planner.settings;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reads a connection property whose values are the constants of an enum, named in any case, so
 * that every such property accepts and refuses its values alike.
 */
public final class PropertyChoice {
  private PropertyChoice() {}

  /**
   * The constant {@code text} names.
   *
   * @throws KeycondException (22023) naming the property and its values, such as
   *     {@code use text, cli or java}, when it names none
   */
  public static <E extends Enum<E>> E parse(Class<E> type, String property, String text) {
    E[] constants = type.getEnumConstants();
    for (E constant : constants) {
      if (constant.name().equalsIgnoreCase(text.trim())) {
        return constant;
      }
    }
    List<String> names = Arrays.stream(constants).map(c -> c.name().toLowerCase(Locale.ROOT)).toList();
    throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE, "Invalid value '" + text + "' for property "
        + property + ": use " + String.join(", ", names.subList(0, names.size() - 1)) + " or "
        + names.get(names.size() - 1));
  }
}
