package dev.keycond.planner.cost;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Numbers as cost lines and warnings write them, the same whatever the JVM's locale: counts with
 * thousands separators ({@code 3,066}), capacity units with at most two decimals ({@code 12.5}).
 */
public final class CostText {
  private CostText() {}

  public static String count(long count) {
    return String.format(Locale.ROOT, "%,d", count);
  }

  /** A count and its noun, singular for one: {@code 1 item}, {@code 3,066 items}. */
  public static String count(long count, String noun) {
    return count(count) + " " + noun + (count == 1 ? "" : "s");
  }

  public static String units(double units) {
    // A DecimalFormat is not thread-safe; cost lines are few.
    return new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(units);
  }
}
