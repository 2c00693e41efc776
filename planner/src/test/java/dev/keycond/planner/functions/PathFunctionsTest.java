package dev.keycond.planner.functions;

import static dev.keycond.planner.functions.PathFunctions.depth;
import static dev.keycond.planner.functions.PathFunctions.name;
import static dev.keycond.planner.functions.PathFunctions.parent;
import static dev.keycond.planner.functions.PathFunctions.segment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class PathFunctionsTest {
  private static final String FILE = "root/photos/x.jpg";
  private static final String FOLDER = "root/photos/";

  @Nested
  class Depth {
    @Test
    void countsSegmentsOfAFile() {
      assertEquals(3, depth(FILE, "/"));
    }

    @Test
    void folderDelimiterDoesNotAddASegment() {
      assertEquals(2, depth(FOLDER, "/"));
      assertEquals(1, depth("root/", "/"));
    }

    @Test
    void topLevelNameIsOneSegment() {
      assertEquals(1, depth("readme.txt", "/"));
    }

    @Test
    void emptyPathHasNoSegments() {
      assertEquals(0, depth("", "/"));
      assertEquals(0, depth("/", "/"));
    }

    @Test
    void multiCharacterDelimiter() {
      assertEquals(3, depth("a::b::c", "::"));
      assertEquals(2, depth("a::b::", "::"));
    }

    @Test
    void delimiterIsNotARegex() {
      assertEquals(2, depth("a.b", "."));
      assertEquals(1, depth("a|b", "."));
    }
  }

  @Nested
  class Parent {
    @Test
    void ofAFileIsItsFolder() {
      assertEquals("root/photos/", parent(FILE, "/"));
    }

    @Test
    void ofAFolderIsTheFolderAbove() {
      assertEquals("root/", parent(FOLDER, "/"));
    }

    @Test
    void atTheTopIsNull() {
      assertNull(parent("root/", "/"));
      assertNull(parent("readme.txt", "/"));
    }

    @Test
    void multiCharacterDelimiter() {
      assertEquals("a::b::", parent("a::b::c", "::"));
      assertEquals("a::", parent("a::b::", "::"));
    }
  }

  @Nested
  class Segment {
    @Test
    void countsFromOneWithoutDelimiters() {
      assertEquals("root", segment(FILE, 1, "/"));
      assertEquals("photos", segment(FILE, 2, "/"));
      assertEquals("x.jpg", segment(FILE, 3, "/"));
    }

    @Test
    void ofAFolder() {
      assertEquals("photos", segment(FOLDER, 2, "/"));
    }

    @Test
    void outOfRangeIsNull() {
      assertNull(segment(FILE, 0, "/"));
      assertNull(segment(FILE, -1, "/"));
      assertNull(segment(FILE, 4, "/"));
      assertNull(segment(FOLDER, 3, "/"));
      assertNull(segment("", 1, "/"));
    }

    @Test
    void multiCharacterDelimiter() {
      assertEquals("b", segment("a::b::c", 2, "::"));
    }
  }

  @Nested
  class Name {
    @Test
    void ofAFileIsItsFileName() {
      assertEquals("x.jpg", name(FILE, "/"));
    }

    @Test
    void ofAFolderIsItsLastSegment() {
      assertEquals("photos", name(FOLDER, "/"));
      assertEquals("root", name("root/", "/"));
    }

    @Test
    void atTheTopIsTheWholeName() {
      assertEquals("readme.txt", name("readme.txt", "/"));
    }

    @Test
    void ofTheEmptyPathIsNull() {
      assertNull(name("", "/"));
    }

    @Test
    void multiCharacterDelimiter() {
      assertEquals("c", name("a::b::c", "::"));
      assertEquals("b", name("a::b::", "::"));
    }
  }

  @Test
  void segmentFunctionTakesThreeArgumentsWithItsDelimiter() {
    assertEquals(3, PathFunctions.arityWithDelimiter(PathFunctions.PATH_SEGMENT));
    assertEquals(2, PathFunctions.arityWithDelimiter(PathFunctions.PATH_DEPTH));
    assertEquals("/", PathFunctions.DEFAULT_DELIMITER);
  }
}
