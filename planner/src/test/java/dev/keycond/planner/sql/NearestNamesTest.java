package dev.keycond.planner.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestNamesTest {
  private static final List<String> COLUMNS = List.of("account", "path", "parent", "size", "modified");

  @Test
  void theSameNameInAnotherCaseComesFirst() {
    assertEquals(List.of("path"), NearestNames.to("PATH", COLUMNS));
    assertEquals(List.of("files"), NearestNames.to("Files", List.of("files", "fils")));
  }

  @Test
  void oneEditAwayForShortNamesTwoForLongerOnes() {
    assertEquals(List.of("path"), NearestNames.to("pth", COLUMNS));
    assertEquals(List.of("size"), NearestNames.to("szie", COLUMNS));
    assertEquals(List.of(), NearestNames.to("sz", COLUMNS));
    assertEquals(List.of("account"), NearestNames.to("acont", COLUMNS));
    assertEquals(List.of("modified"), NearestNames.to("modifed", COLUMNS));
    assertEquals(List.of(), NearestNames.to("owner", COLUMNS));
  }

  @Test
  void equallyNearNamesAreAllGivenUnlessThereAreTooMany() {
    assertEquals(List.of("id1", "id2"), NearestNames.to("id", List.of("id1", "id2", "name")));
    assertEquals(List.of(), NearestNames.to("a", List.of("b", "c", "d", "e")));
  }

  @Test
  void aSwapOfNeighboursIsOneEdit() {
    assertEquals(1, NearestNames.distance("nmae", "name"));
    assertEquals(2, NearestNames.distance("nmea", "name"));
    assertEquals(0, NearestNames.distance("", ""));
    assertEquals(3, NearestNames.distance("", "abc"));
  }
}
