package dev.keycond.planner.rel;

import static dev.keycond.planner.rel.HierarchyWalk.ancestors;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.functions.PathFunctions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HierarchyWalkTest {

  @Test
  void ancestorsOfAFileAreItsFoldersShortestFirst() {
    assertEquals(List.of("root/", "root/photos/", "root/photos/2026/"), ancestors("root/photos/2026/x.jpg", "/"));
  }

  @Test
  void folderIsNotItsOwnAncestor() {
    assertEquals(List.of("root/", "root/photos/"), ancestors("root/photos/2026/", "/"));
  }

  @Test
  void topLevelPathsHaveNoAncestors() {
    assertEquals(List.of(), ancestors("root/", "/"));
    assertEquals(List.of(), ancestors("readme.txt", "/"));
    assertEquals(List.of(), ancestors("", "/"));
  }

  @Test
  void multiCharacterDelimiter() {
    assertEquals(List.of("a::", "a::b::"), ancestors("a::b::c", "::"));
    assertEquals(List.of("a::"), ancestors("a::b::", "::"));
  }

  @Test
  void ancestorsAreTheParentChain() {
    String path = "root/photos/2026/x.jpg";
    List<String> chain = new ArrayList<>();
    for (String p = PathFunctions.parent(path, "/"); p != null; p = PathFunctions.parent(p, "/")) {
      chain.add(0, p);
    }
    assertEquals(chain, ancestors(path, "/"));
  }
}
