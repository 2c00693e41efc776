package dev.keycond.planner.shape;

import java.util.List;
import java.util.Objects;

/**
 * A column a simple write sets and the value it sets it to: an assignment of an UPDATE's SET
 * clause, or a column of an INSERT's column list with its value in the VALUES row.
 */
public record Setting(String column, Value value) {
  public Setting {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(value, "value");
  }

  /** Whether {@code settings} set each column once. */
  static boolean distinct(List<Setting> settings) {
    return settings.size() == settings.stream().map(Setting::column).distinct().count();
  }
}
