package dev.keycond.planner.mapping;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.TemplateSegment.Literal;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a DynamoDB key attribute is composed from column values, such as {@code DRIVE#{account}}.
 *
 * <p>Two slots may not touch, and a value may not contain a literal character next to its slot, so
 * every key decodes back to exactly one set of column values.
 */
public final class KeyTemplate {
  private final String text;
  private final ImmutableList<TemplateSegment> segments;
  private final ImmutableList<Slot> slots;
  private final ImmutableList<String> columns;
  /** Per segment, what {@link #forbiddenCharacters} says of a slot there; decoding asks it per item. */
  private final String[] forbiddenBySegment;

  private KeyTemplate(String text, List<TemplateSegment> segments) {
    this.text = text;
    this.segments = ImmutableList.copyOf(segments);
    this.slots = this.segments.stream().filter(s -> s instanceof Slot).map(s -> (Slot) s)
        .collect(ImmutableList.toImmutableList());
    this.columns = slots.stream().map(Slot::column).collect(ImmutableList.toImmutableList());
    this.forbiddenBySegment = new String[segments.size()];
    for (int i = 0; i < segments.size(); i++) {
      forbiddenBySegment[i] = segments.get(i) instanceof Slot ? forbiddenAround(i) : "";
    }
  }

  /**
   * Parses a template.
   *
   * @throws IllegalArgumentException with a message that says what is wrong with it
   */
  public static KeyTemplate parse(String text) {
    if (text.isEmpty()) {
      throw new IllegalArgumentException("the template is empty");
    }
    List<TemplateSegment> segments = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '}') {
        throw new IllegalArgumentException("'}' at position " + i + " closes no '{'");
      }
      if (c != '{') {
        literal.append(c);
        i++;
        continue;
      }
      int close = text.indexOf('}', i);
      if (close < 0) {
        throw new IllegalArgumentException("'{' at position " + i + " is never closed");
      }
      if (literal.length() > 0) {
        segments.add(new Literal(literal.toString()));
        literal.setLength(0);
      } else if (!segments.isEmpty()) {
        throw new IllegalArgumentException(
            "two column slots touch at position " + i
                + "; put a literal separator between them so the key can be decoded");
      }
      segments.add(parseSlot(text.substring(i + 1, close)));
      i = close + 1;
    }
    if (literal.length() > 0) {
      segments.add(new Literal(literal.toString()));
    }
    return new KeyTemplate(text, segments);
  }

  /** The template of an attribute that holds a column's value as it is: {@code {column}}. */
  public static KeyTemplate ofColumn(String column) {
    // Built, not parsed: a column's name may contain characters that a template's text gives a meaning to.
    return new KeyTemplate("{" + column + "}", List.of(new Slot(column, 0)));
  }

  private static Slot parseSlot(String body) {
    String column = body;
    int width = 0;
    int colon = body.lastIndexOf(':');
    if (colon >= 0) {
      column = body.substring(0, colon);
      String format = body.substring(colon + 1);
      if (!format.matches("0[1-9][0-9]?")) {
        throw new IllegalArgumentException(
            "slot '{" + body + "}' has format '" + format
                + "'; the only format is a zero-padded width such as {seq:06}");
      }
      width = Integer.parseInt(format.substring(1));
    }
    if (column.isEmpty() || column.contains("{")) {
      throw new IllegalArgumentException("slot '{" + body + "}' names no column");
    }
    return new Slot(column, width);
  }

  public String text() {
    return text;
  }

  public ImmutableList<TemplateSegment> segments() {
    return segments;
  }

  public ImmutableList<Slot> slots() {
    return slots;
  }

  public ImmutableList<String> columns() {
    return columns;
  }

  /** True for a template that is one slot and nothing else: the attribute holds the column's value. */
  public boolean isIdentity() {
    return segments.size() == 1 && segments.get(0) instanceof Slot;
  }

  /** True for a template without slots, such as {@code META}. */
  public boolean isConstant() {
    return segments.stream().noneMatch(s -> s instanceof Slot);
  }

  /**
   * Whether one key text could have both templates: false only when their leading literals, or
   * their trailing ones, differ where both have text ({@code ORDER#} and {@code CUST#}; {@code META}
   * and {@code PROJ#}), which no key can satisfy at once.
   */
  public boolean mayMatchSameKey(KeyTemplate other) {
    String start = leading(segments);
    String otherStart = leading(other.segments);
    String end = leading(segments.reverse());
    String otherEnd = leading(other.segments.reverse());
    boolean startsAgree = start.startsWith(otherStart) || otherStart.startsWith(start);
    boolean endsAgree = end.endsWith(otherEnd) || otherEnd.endsWith(end);
    return isConstant() && other.isConstant() ? text.equals(other.text) : startsAgree && endsAgree;
  }

  /** The literal text before the first slot of these segments. */
  private static String leading(List<TemplateSegment> segments) {
    return segments.isEmpty() || !(segments.get(0) instanceof TemplateSegment.Literal literal) ? "" : literal.text();
  }

  /**
   * The characters a value in {@code slot} must not contain: the literal characters on either side
   * of it. Allowing them would make the key ambiguous to decode.
   */
  public String forbiddenCharacters(Slot slot) {
    // Every key bound checks its slots' texts: the slot is nearly always one of these very segments,
    // found without comparing records field by field.
    for (int i = 0; i < segments.size(); i++) {
      if (segments.get(i) == slot) {
        return forbiddenBySegment[i];
      }
    }
    return forbiddenBySegment[segments.indexOf(slot)];
  }

  private String forbiddenAround(int index) {
    StringBuilder forbidden = new StringBuilder();
    if (index > 0 && segments.get(index - 1) instanceof Literal before) {
      forbidden.appendCodePoint(before.text().codePointBefore(before.text().length()));
    }
    if (index + 1 < segments.size() && segments.get(index + 1) instanceof Literal after) {
      int first = after.text().codePointAt(0);
      if (forbidden.indexOf(new String(Character.toChars(first))) < 0) {
        forbidden.appendCodePoint(first);
      }
    }
    return forbidden.toString();
  }

  /**
   * The key text of this template with {@code slotTexts} in its slots, in slot order: the inverse
   * of {@link #decode}.
   *
   * @throws KeycondException {@link SqlState#KEY_VALUE_NOT_REPRESENTABLE} when a text contains a
   *     literal character next to its slot, which no key could be decoded from
   */
  public String encode(List<String> slotTexts) {
    if (slotTexts.size() != slots.size()) {
      throw new IllegalArgumentException("template '" + text + "' has " + slots.size() + " slots, not "
          + slotTexts.size());
    }
    StringBuilder key = new StringBuilder();
    int slot = 0;
    for (TemplateSegment segment : segments) {
      if (segment instanceof Literal literal) {
        key.append(literal.text());
      } else {
        String slotText = slotTexts.get(slot++);
        checkSlotText((Slot) segment, slotText);
        key.append(slotText);
      }
    }
    return key.toString();
  }

  /**
   * Checks that {@code slotText} can stand in {@code slot}: it must not contain a literal character
   * of the template next to the slot, or the key it makes would decode to other values.
   *
   * @throws KeycondException {@link SqlState#KEY_VALUE_NOT_REPRESENTABLE} naming the value, the
   *     column and the template
   */
  public void checkSlotText(Slot slot, String slotText) {
    String forbidden = forbiddenCharacters(slot);
    if (containsAny(slotText, forbidden)) {
      int c = forbidden.codePoints().filter(f -> slotText.indexOf(f) >= 0).findFirst().orElseThrow();
      throw new KeycondException(SqlState.KEY_VALUE_NOT_REPRESENTABLE,
          "Value '" + slotText + "' of column '" + slot.column() + "' contains '"
              + new String(Character.toChars(c)) + "', which key template '" + text
              + "' uses next to that column; such a value cannot be stored in or looked up by that key");
    }
  }

  /**
   * Splits a key attribute's text into the texts of its slots, in slot order; empty when the key
   * does not have this template's shape (it belongs to another entity).
   */
  public Optional<List<String>> decode(String key) {
    List<String> values = new ArrayList<>(slots.size());
    int pos = 0;
    for (int i = 0; i < segments.size(); i++) {
      TemplateSegment segment = segments.get(i);
      if (segment instanceof Literal lit) {
        if (!key.startsWith(lit.text(), pos)) {
          return Optional.empty();
        }
        pos += lit.text().length();
        continue;
      }
      Slot slot = (Slot) segment;
      int end = key.length();
      if (i + 1 < segments.size()) {
        String next = ((Literal) segments.get(i + 1)).text();
        end = key.indexOf(next.codePointAt(0), pos);
        if (end < 0) {
          return Optional.empty();
        }
      }
      String value = key.substring(pos, end);
      if (containsAny(value, forbiddenBySegment[i]) || slot.fixedWidth() && !isPadded(value, slot.width())) {
        return Optional.empty();
      }
      values.add(value);
      pos = end;
    }
    return pos == key.length() ? Optional.of(values) : Optional.empty();
  }

  /** A zero-padded slot holds exactly its width in digits; any other text was not written by it. */
  private static boolean isPadded(String value, int width) {
    if (value.length() != width) {
      return false;
    }
    for (int i = 0; i < width; i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code value} contains one of the code points of {@code characters}; loops, since every key of a read asks. */
  private static boolean containsAny(String value, String characters) {
    for (int i = 0; i < characters.length(); ) {
      int c = characters.codePointAt(i);
      if (value.indexOf(c) >= 0) {
        return true;
      }
      i += Character.charCount(c);
    }
    return false;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeyTemplate other && other.text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
