package dev.keycond.benchmark;

import java.util.List;

/**
 * One measurement's part of the report: its detailed Markdown, and its headline rows for the
 * summary table ({@code | measure | keycond | raw SDK | keycond / raw |}).
 */
record Section(String details, List<String> summaryRows) {
  static final String SUMMARY_HEADER = "| measure | keycond | raw SDK v2 | keycond / raw |\n|---|---|---|---|\n";

  static String summaryRow(String measure, String keycond, String raw, String ratio) {
    return "| " + measure + " | " + keycond + " | " + raw + " | " + ratio + " |\n";
  }
}
