package dev.keycond.benchmark;

import java.util.List;
import java.util.Locale;

/** One measurement's part of the report: its detailed Markdown, and its rows of the summary table. */
record Section(String details, List<SummaryRow> summaryRows) {
  static final String SUMMARY_HEADER = "| measure | keycond | raw SDK v2 | keycond vs raw | target "
      + "| requests: keycond / raw | capacity units (RCU, WCU for writes): keycond / raw |\n|---|---|---|---|---|---|---|\n";

  /**
   * One row of the summary: keycond's and the baseline's figures (as numbers, for the target, and
   * as text), and what the scenario sent, where it sends anything.
   */
  record SummaryRow(String measure, double keycond, double raw, String keycondText, String rawText, Target target,
      String requests, String capacity) {

    /** A row whose scenario's requests and read capacity were counted on the wire. */
    static SummaryRow of(String measure, double keycond, double raw, String keycondText, String rawText,
        Target target, WireCost keycondCost, WireCost rawCost) {
      return new SummaryRow(measure, keycond, raw, keycondText, rawText, target,
          keycondCost.requestText() + " / " + rawCost.requestText(),
          keycondCost.capacityText() + " / " + rawCost.capacityText());
    }

    /** A row of calls a second, keycond's and the baseline's, whose requests were counted on the wire. */
    static SummaryRow callsASecond(String measure, double keycond, double raw, Target target, WireCost keycondCost,
        WireCost rawCost) {
      return of(measure, keycond, raw, perSecond(keycond), perSecond(raw), target, keycondCost, rawCost);
    }

    /**
     * Two rows without a target: keycond's framework-style {@code call} as a connection makes it by
     * default, asking for the consumed capacity, against the raw request that asks as keycond's does:
     * the latency on one thread and the calls a second at {@code threads}.
     */
    static List<SummaryRow> againstAsking(String call, String request, List<Double> keycondLatency,
        List<Double> askingLatency, int threads, double keycondCalls, double askingCalls, WireCost keycondCost,
        WireCost askingCost) {
      double keycond = Stats.median(keycondLatency);
      double asking = Stats.median(askingLatency);
      String measure = "framework-style " + call + ", keycond's default `consumedCapacity=indexes`, ";
      String against = ", against the raw " + request + " asking for the consumed capacity as keycond's does";
      return List.of(
          of(measure + "1 thread" + against, keycond, asking, Stats.ms(keycond), Stats.ms(asking), new Target.None(),
              keycondCost, askingCost),
          callsASecond(measure + threads + " threads on one connection" + against, keycondCalls, askingCalls,
              new Target.None(), keycondCost, askingCost));
    }

    private static String perSecond(double calls) {
      return String.format(Locale.ROOT, "%,.0f/s", calls);
    }

    String markdown() {
      return "| " + measure + " | " + keycondText + " | " + rawText + " | " + target.comparison(keycond, raw)
          + " | " + target.verdict(keycond, raw) + " | " + requests + " | " + capacity + " |\n";
    }
  }
}
