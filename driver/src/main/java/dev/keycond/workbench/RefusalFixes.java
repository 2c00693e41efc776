package dev.keycond.workbench;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The corrected statements a Scan refusal advises, read from its message: keycond writes each one
 * after {@code filling in <column>: } and ends it where the next fix ({@code ; or} and a space or a comma) or the
 * message ends, so the page can offer each as a button that fills the editor.
 */
final class RefusalFixes {
  private static final Pattern FIX =
      Pattern.compile("filling in <[^>]+>(?: and <[^>]+>)*: (.+?)(?=; or[ ,]|\\.?$)", Pattern.DOTALL);

  private RefusalFixes() {}

  static List<String> of(String refusal) {
    List<String> fixes = new ArrayList<>();
    Matcher matcher = FIX.matcher(refusal);
    while (matcher.find()) {
      fixes.add(matcher.group(1));
    }
    return fixes;
  }
}
