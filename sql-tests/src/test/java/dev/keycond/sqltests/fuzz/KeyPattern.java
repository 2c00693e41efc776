package dev.keycond.sqltests.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A key template read the way the README states it, independently of the driver's own decoder:
 * {@code {col}} is a column's value, {@code {col:06}} exactly six digits, every other character is
 * literal, and a value never contains the literal character on either side of its slot. A key
 * that does not have this shape is another entity's.
 *
 * @param columns the columns of the slots, in order
 */
record KeyPattern(String template, Pattern pattern, List<String> columns) {
  private static final Pattern SLOT = Pattern.compile("\\{([^}:]+)(?::0(\\d+))?}");

  static KeyPattern parse(String template) {
    StringBuilder regex = new StringBuilder();
    List<String> columns = new ArrayList<>();
    List<String> pieces = new ArrayList<>();
    Matcher slot = SLOT.matcher(template);
    int at = 0;
    while (slot.find()) {
      pieces.add(template.substring(at, slot.start()));
      pieces.add(null);
      columns.add(slot.group(1));
      pieces.add(slot.group(2) == null ? "" : slot.group(2));
      at = slot.end();
    }
    pieces.add(template.substring(at));
    // pieces: literal, null, width, literal, null, width, ..., literal
    for (int i = 0; i < pieces.size(); i++) {
      String piece = pieces.get(i);
      if (piece != null) {
        regex.append(Pattern.quote(piece));
        continue;
      }
      String before = pieces.get(i - 1);
      String width = pieces.get(i + 1);
      String after = pieces.get(i + 2);
      if (!width.isEmpty()) {
        regex.append("(\\d{").append(Integer.parseInt(width)).append("})");
      } else {
        StringBuilder forbidden = new StringBuilder();
        if (!before.isEmpty()) {
          forbidden.append("\\x{").append(Integer.toHexString(before.codePointBefore(before.length()))).append('}');
        }
        if (!after.isEmpty()) {
          forbidden.append("\\x{").append(Integer.toHexString(after.codePointAt(0))).append('}');
        }
        regex.append(forbidden.isEmpty() ? "(.*)" : "([^" + forbidden + "]*)");
      }
      i += 1;
    }
    return new KeyPattern(template, Pattern.compile(regex.toString(), Pattern.DOTALL), List.copyOf(columns));
  }

  /** The texts of the slots, or empty when the key does not have the template's shape. */
  Optional<List<String>> match(String key) {
    Matcher m = pattern.matcher(key);
    if (!m.matches()) {
      return Optional.empty();
    }
    List<String> values = new ArrayList<>();
    for (int g = 1; g <= m.groupCount(); g++) {
      values.add(m.group(g));
    }
    return Optional.of(values);
  }

  /**
   * The key of these slot values, in slot order: each slot's text in place, a zero-padded slot's
   * whole number padded to its width. Empty when a value cannot stand in its slot (a padded slot's
   * number negative, fractional or wider than the slot), which the README refuses with 22003.
   */
  Optional<String> render(List<String> slotTexts) {
    StringBuilder key = new StringBuilder();
    Matcher slot = SLOT.matcher(template);
    int at = 0;
    int i = 0;
    while (slot.find()) {
      key.append(template, at, slot.start());
      String text = slotTexts.get(i++);
      if (slot.group(2) != null) {
        int width = Integer.parseInt(slot.group(2));
        if (!text.matches("\\d+") || text.length() > width) {
          return Optional.empty();
        }
        text = "0".repeat(width - text.length()) + text;
      }
      key.append(text);
      at = slot.end();
    }
    return Optional.of(key.append(template.substring(at)).toString());
  }

  boolean isConstant() {
    return columns.isEmpty();
  }
}
