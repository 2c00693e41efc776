package dev.keycond.benchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Timed rounds of keycond's way and the raw SDK's way of writing the same rows: each round runs
 * both, alternating which goes first, each writing the rows of a new account, so that neither
 * side always meets a warmer or a fuller server.
 */
final class AlternatingRounds {
  /** A way of writing one account's rows. */
  interface Write {
    void write(String account) throws Exception;
  }

  /** The milliseconds of each side's rounds. */
  record Times(List<Double> keycond, List<Double> raw) {}

  private AlternatingRounds() {}

  /**
   * @param accounts gives each write its new account
   * @param after runs after each write, untimed, with its account
   */
  static Times time(int rounds, Supplier<String> accounts, Write keycond, Write raw, Write after)
      throws Exception {
    Times times = new Times(new ArrayList<>(), new ArrayList<>());
    for (int round = 0; round < rounds; round++) {
      for (int k = 0; k < 2; k++) {
        boolean isKeycond = (round % 2 == 0) == (k == 0);
        String account = accounts.get();
        long start = System.nanoTime();
        (isKeycond ? keycond : raw).write(account);
        (isKeycond ? times.keycond() : times.raw()).add((System.nanoTime() - start) / 1e6);
        after.write(account);
      }
    }
    return times;
  }
}
