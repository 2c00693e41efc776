package dev.keycond.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README is a front page that links into one docs/ page per topic; a section that moves or is
 * renamed must not leave a reader at a dead link. Every relative link of the README and the docs
 * pages must name a file of the repository and, when it has a fragment, a heading of that page.
 */
class DocumentationLinksTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6} (.*)$");

  @Test
  void everyRelativeLinkOfTheReadmeAndTheDocsResolves() throws IOException {
    List<Path> pages = pages();
    assertTrue(pages.size() > 5, "the README and the docs pages are found under " + ROOT);
    List<String> dead = new ArrayList<>();
    int checked = 0;
    for (Path page : pages) {
      Matcher link = LINK.matcher(withoutCode(Files.readString(page)));
      while (link.find()) {
        String target = link.group(1);
        if (target.matches("^[a-z]+:.*")) {
          continue;
        }
        checked++;
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!Files.exists(linked)) {
          dead.add(ROOT.relativize(page) + ": " + target + " (no such file)");
        } else if (hash >= 0 && !anchors(linked).contains(target.substring(hash + 1))) {
          dead.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
        }
      }
    }
    assertTrue(checked > 50, "the pages' relative links are found (" + checked + ")");
    assertEquals(List.of(), dead, "dead links");
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** GitHub's anchors: the heading in lower case, without punctuation, spaces as hyphens. */
  private static Set<String> anchors(Path page) throws IOException {
    Set<String> anchors = new HashSet<>();
    if (!page.toString().endsWith(".md")) {
      return anchors;
    }
    for (String line : withoutCode(Files.readString(page)).split("\n")) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        anchors.add(heading.group(1).strip().toLowerCase(Locale.ROOT)
            .replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-'));
      }
    }
    return anchors;
  }

  /** Fenced code blocks hold SQL and output, whose brackets and hashes are not links or headings. */
  private static String withoutCode(String markdown) {
    StringBuilder text = new StringBuilder();
    boolean inCode = false;
    for (String line : markdown.split("\n", -1)) {
      if (line.startsWith("```")) {
        inCode = !inCode;
      } else if (!inCode) {
        text.append(line).append('\n');
      }
    }
    return text.toString();
  }
}
