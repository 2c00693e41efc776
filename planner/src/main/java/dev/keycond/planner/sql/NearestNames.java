package dev.keycond.planner.sql;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The names a mistyped name was most likely meant to be: the same name in another case, else the
 * names one edit away (two for a name longer than four characters), where an edit is a letter
 * added, dropped, changed, or two neighbours swapped.
 */
public final class NearestNames {
  /** More suggestions than this read as a list of everything, not as a suggestion. */
  private static final int MOST = 3;

  private NearestNames() {}

  /** The nearest candidates, in the candidates' order; empty when none is near. */
  public static List<String> to(String name, Collection<String> candidates) {
    String typed = name.toLowerCase(Locale.ROOT);
    int allowed = typed.length() <= 4 ? 1 : 2;
    int best = Integer.MAX_VALUE;
    List<String> nearest = new ArrayList<>();
    for (String candidate : candidates) {
      if (candidate.equals(name)) {
        continue;
      }
      int distance = distance(typed, candidate.toLowerCase(Locale.ROOT));
      if (distance > allowed || distance > best) {
        continue;
      }
      if (distance < best) {
        best = distance;
        nearest.clear();
      }
      if (!nearest.contains(candidate)) {
        nearest.add(candidate);
      }
    }
    return nearest.size() > MOST ? List.of() : List.copyOf(nearest);
  }

  /** Edits from one text to the other: insertions, deletions, substitutions and adjacent swaps. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
