package dev.keycond.benchmark;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Medians and the number formats of the report. */
final class Stats {
  private Stats() {}

  static double median(List<Double> values) {
    return percentile(values, 50);
  }

  /** The nearest-rank percentile; with a noisy machine, medians and p90s are what we report. */
  static double percentile(List<Double> values, int p) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  static String ms(double millis) {
    return millis >= 100 ? String.format(Locale.ROOT, "%.0f ms", millis) : String.format(Locale.ROOT, "%.2f ms", millis);
  }

  /** A difference of times, signed: {@code +3.37 ms}. */
  static String difference(double millis) {
    return (millis < 0 ? "−" : "+") + ms(Math.abs(millis));
  }

  static String seconds(double millis) {
    return String.format(Locale.ROOT, "%.2f s", millis / 1000);
  }

  static String ratio(double value, double baseline) {
    return String.format(Locale.ROOT, "%.2f×", value / baseline);
  }

  /** Decimal megabytes, as download sizes are given. */
  static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }

  static String mib(long bytes) {
    return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
  }
}
