package dev.keycond.benchmark;

import java.util.Locale;

/**
 * What a summary row is held to, from the speed goals keycond has set itself: how keycond's figure
 * compares with the raw SDK's, and whether that meets the goal. The benchmark only reports; a
 * missed target never fails a build.
 */
sealed interface Target {
  /** keycond's figure against the baseline's, as the target reads it. */
  String comparison(double keycond, double raw);

  /** The target and whether the figures meet it. */
  String verdict(double keycond, double raw);

  /** keycond at most {@code max} times the baseline. */
  record Ratio(double max) implements Target {
    @Override
    public String comparison(double keycond, double raw) {
      return Stats.ratio(keycond, raw);
    }

    @Override
    public String verdict(double keycond, double raw) {
      return String.format(Locale.ROOT, "≤ %.2f×: %s", max, met(keycond / raw <= max));
    }
  }

  /** keycond at most {@code maxMillis} slower than the baseline. */
  record Overhead(double maxMillis) implements Target {
    @Override
    public String comparison(double keycond, double raw) {
      return Stats.difference(keycond - raw);
    }

    @Override
    public String verdict(double keycond, double raw) {
      return "≤ " + Stats.difference(maxMillis) + ": " + met(keycond - raw <= maxMillis);
    }
  }

  /** keycond's figure (a throughput) at least {@code min} times the baseline's. */
  record AtLeast(double min) implements Target {
    @Override
    public String comparison(double keycond, double raw) {
      return Stats.ratio(keycond, raw);
    }

    @Override
    public String verdict(double keycond, double raw) {
      return String.format(Locale.ROOT, "≥ %.2f×: %s", min, met(keycond / raw >= min));
    }
  }

  /** keycond's own figure at most {@code max} bytes; the baseline's is shown for scale. */
  record Size(long max) implements Target {
    @Override
    public String comparison(double keycond, double raw) {
      return Stats.ratio(keycond, raw);
    }

    @Override
    public String verdict(double keycond, double raw) {
      return "≤ " + Stats.megabytes(max) + ": " + met(keycond <= max);
    }
  }

  /** No goal: the figure is reported for what it shows. */
  record None() implements Target {
    @Override
    public String comparison(double keycond, double raw) {
      return Double.isNaN(raw) ? "—" : Stats.ratio(keycond, raw);
    }

    @Override
    public String verdict(double keycond, double raw) {
      return "—";
    }
  }

  private static String met(boolean met) {
    return met ? "met" : "**not met**";
  }
}
