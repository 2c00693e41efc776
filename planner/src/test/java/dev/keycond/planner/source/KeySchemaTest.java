package dev.keycond.planner.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Key schemas of one attribute of each kind, and the multi-attribute keys of global indexes. */
class KeySchemaTest {
  private static final KeySchema MULTI = new KeySchema(ImmutableList.of("tenant", "region"),
      ImmutableList.of("placed", "status"));

  @Test
  void aMultiAttributeKeyListsItsAttributesInKeyOrder() {
    assertTrue(MULTI.isMultiAttribute());
    assertEquals(List.of("tenant", "region", "placed", "status"), MULTI.attributes());
    assertTrue(MULTI.isPartitionAttribute("region"));
    assertFalse(MULTI.isPartitionAttribute("placed"));
    assertTrue(MULTI.isKeyAttribute("status"));
  }

  @Test
  void aMultiAttributeKeyHasNoOneHashOrRangeAttribute() {
    assertThrows(IllegalStateException.class, MULTI::hashAttribute);
    assertThrows(IllegalStateException.class, MULTI::rangeAttribute);
    KeySchema single = new KeySchema("PK", Optional.of("SK"));
    assertFalse(single.isMultiAttribute());
    assertEquals("PK", single.hashAttribute());
    assertEquals(Optional.of("SK"), single.rangeAttribute());
  }

  @Test
  void aKeyOutsideDynamoDbsLimitsIsNoKey() {
    assertThrows(IllegalArgumentException.class, () -> new KeySchema(ImmutableList.of(), ImmutableList.of()));
    assertThrows(IllegalArgumentException.class,
        () -> new KeySchema(ImmutableList.of("a", "b", "c", "d", "e"), ImmutableList.of()));
    assertThrows(IllegalArgumentException.class,
        () -> new KeySchema(ImmutableList.of("a"), ImmutableList.of("b", "c", "d", "e", "f")));
    assertThrows(IllegalArgumentException.class, () -> new KeySchema(ImmutableList.of("a"), ImmutableList.of("a")));
  }
}
