package dev.keycond.planner.exec.read;

import dev.keycond.planner.request.ReadRequests;
import dev.keycond.planner.settings.StatementSettings;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The requests of a read that depends on no parameter and no outer row, kept from the first time
 * it runs: they are a function of the plan and the settings alone, so a statement run again (a
 * text run twice, a PreparedStatement without markers) sends them without building them again.
 * Kept for one settings value at a time; safe to use from several threads.
 */
final class ConstantRequests {
  private record Built(StatementSettings settings, ReadRequests requests) {}

  private volatile Optional<Built> built = Optional.empty();

  /** The requests for these settings, built by {@code build} unless they were built for them before. */
  ReadRequests get(StatementSettings settings, Supplier<ReadRequests> build) {
    Optional<Built> known = built;
    if (known.isPresent() && known.get().settings().equals(settings)) {
      return known.get().requests();
    }
    ReadRequests requests = build.get();
    built = Optional.of(new Built(settings, requests));
    return requests;
  }
}
