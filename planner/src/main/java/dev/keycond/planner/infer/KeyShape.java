package dev.keycond.planner.infer;

import com.google.common.collect.ImmutableList;
import java.util.regex.Pattern;

/**
 * A string key value read as a single-table design writes it: split at a delimiter into labels
 * ({@code WS}, {@code PROJ}, {@code META}: upper-case words) and values ({@code acme},
 * {@code 2026-0042}). A label is followed by a value, so an upper-case word right after a label is
 * a value ({@code STATUS#OPEN}); an empty part (around a leading or doubled delimiter) is literal.
 * Items whose keys have the same labels in the same places are taken for one entity.
 */
record KeyShape(String delimiter, ImmutableList<Part> parts) {
  private static final Pattern LABEL = Pattern.compile("[A-Z][A-Z_]*");

  /** A part of the key between two delimiters. */
  sealed interface Part {
    String text();
  }

  /** Literal text that every key of the entity has in this place. */
  record Label(String text) implements Part {}

  /** A value that differs from item to item: a slot of the template. */
  record Value(String text) implements Part {}

  static KeyShape of(String key, String delimiter) {
    ImmutableList.Builder<Part> parts = ImmutableList.builder();
    boolean afterLabel = false;
    for (String token : key.split(Pattern.quote(delimiter), -1)) {
      boolean label = token.isEmpty() || (!afterLabel && LABEL.matcher(token).matches());
      parts.add(label ? new Label(token) : new Value(token));
      afterLabel = label && !token.isEmpty();
    }
    return new KeyShape(delimiter, parts.build());
  }

  /** The labels in place and a mark for each value, such as {@code WS#{}}: equal for one entity's keys. */
  String signature() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < parts.size(); i++) {
      text.append(i == 0 ? "" : delimiter).append(parts.get(i) instanceof Label l ? l.text() : "{}");
    }
    return text.toString();
  }

  /**
   * The label that names the value at {@code part} and how many values after that label it is
   * (0 for the first): {@code PROJ} and 0 for {@code 2026-0042} in {@code PROJ#2026-0042}.
   */
  LabelledValue labelOf(int part) {
    int after = 0;
    for (int i = part - 1; i >= 0; i--) {
      if (parts.get(i) instanceof Label l && !l.text().isEmpty()) {
        return new LabelledValue(l.text(), after);
      }
      if (parts.get(i) instanceof Value) {
        after++;
      }
    }
    return new LabelledValue("", after);
  }

  record LabelledValue(String label, int position) {}
}
