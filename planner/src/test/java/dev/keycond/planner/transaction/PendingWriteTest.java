package dev.keycond.planner.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.request.ItemChange;
import dev.keycond.planner.request.ItemExpectation;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.source.TimeToLive;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Several statements on one item fold into one action: the final state, and of what each expected
 * of the item, only what the transaction had not itself decided. The transactions on moto
 * (sql-tests: TransactionsTest) send what this gives and read the items back.
 */
class PendingWriteTest {
  private static final ImmutableMap<String, AttributeValue> KEY = ImmutableMap.of("PK", s("k"));
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000L);
  private static final ItemExpectation OWN = new ItemExpectation(ItemExpectation.Existence.ABSENT_OR_OWN,
      ImmutableMap.of("EntityType", s("Order")), ImmutableSet.of());

  @Test
  void anUpdateAfterAPutIsThePutOfTheUpdatedItem() {
    PendingWrite insert = pending(ItemExpectation.ABSENT, new Effect.Put(item("size", n("3"), "name", s("a"))));
    PendingWrite folded = insert.then(ItemExpectation.asRead(ImmutableMap.of("size", n("3")), ImmutableSet.of()),
        update(Map.of("size", n("6")), "name"));
    assertEquals(new Effect.Put(item("size", n("6"))), folded.effect());
    assertEquals(ItemExpectation.ABSENT, folded.expected(), "the item the transaction put is its own");
  }

  @Test
  void aSecondUpdateAddsOnlyWhatTheFirstDidNotWrite() {
    PendingWrite first = pending(ItemExpectation.asRead(ImmutableMap.of("size", n("1")), ImmutableSet.of()),
        update(Map.of("size", n("7"))));
    PendingWrite folded = first.then(
        ItemExpectation.asRead(ImmutableMap.of("size", n("7"), "owner", s("u1")), ImmutableSet.of("name")),
        update(Map.of("name", s("k"))));
    assertEquals(ItemExpectation.asRead(ImmutableMap.of("size", n("1"), "owner", s("u1")), ImmutableSet.of("name")),
        folded.expected());
    assertEquals(update(Map.of("size", n("7"), "name", s("k"))), folded.effect());
  }

  @Test
  void aDeleteAfterAnUpdateKeepsTheUpdatesExpectation() {
    ItemExpectation read = ItemExpectation.asRead(ImmutableMap.of("size", n("1")), ImmutableSet.of());
    PendingWrite folded = pending(read, update(Map.of("size", n("2")))).then(
        ItemExpectation.asRead(ImmutableMap.of("size", n("2")), ImmutableSet.of()), new Effect.Delete());
    assertEquals(new Effect.Delete(), folded.effect());
    assertEquals(read, folded.expected());
  }

  @Test
  void anInsertThenADeleteIsADeleteThatChecksTheKeyIsStillFree() {
    PendingWrite folded = pending(ItemExpectation.ABSENT, new Effect.Put(item("size", n("1"))))
        .then(ItemExpectation.asRead(ImmutableMap.of(), ImmutableSet.of()), new Effect.Delete());
    assertEquals(ItemExpectation.ABSENT, folded.expected());
    assertEquals("attribute_not_exists(#a0)", folded.action(NOW).conditionExpression().orElseThrow());
  }

  @Test
  void aMergeAfterADeleteCreatesTheItemFromItsKey() {
    PendingWrite folded = pending(ItemExpectation.asRead(ImmutableMap.of(), ImmutableSet.of()), new Effect.Delete())
        .then(ItemExpectation.NOTHING, update(Map.of("size", n("5"))));
    assertEquals(new Effect.Put(item("size", n("5"))), folded.effect());
    assertEquals(Optional.of(item("size", n("5"))), folded.effect().applyTo(Optional.empty(), KEY));
  }

  @Test
  void aCheckAloneIsAConditionCheckOnTheItemsExistence() {
    ItemExpectation exists = exists();
    TransactWriteItems.Action check = pending(exists, new Effect.Check()).action(NOW);
    assertEquals("ConditionCheck", check.kind());
    assertEquals("attribute_exists(#a0)", check.conditionExpression().orElseThrow());
    assertEquals("attribute_not_exists(#a0)",
        pending(ItemExpectation.ABSENT, new Effect.Check()).action(NOW).conditionExpression().orElseThrow());
  }

  @Test
  void aWriteAfterACheckKeepsTheCheckInItsCondition() {
    ItemExpectation exists = exists();
    PendingWrite folded = pending(exists, new Effect.Check()).then(
        ItemExpectation.asRead(ImmutableMap.of("size", n("1")), ImmutableSet.of()), update(Map.of("size", n("2"))));
    assertEquals(update(Map.of("size", n("2"))), folded.effect());
    assertEquals(ItemExpectation.asRead(ImmutableMap.of("size", n("1")), ImmutableSet.of()), folded.expected());
    PendingWrite inserted = pending(ItemExpectation.ABSENT, new Effect.Check())
        .then(ItemExpectation.ABSENT, new Effect.Put(item("size", n("1"))));
    assertEquals("attribute_not_exists(#a0)", inserted.action(NOW).conditionExpression().orElseThrow());
  }

  @Test
  void aCheckAfterAWriteAddsNothing() {
    ItemExpectation read = ItemExpectation.asRead(ImmutableMap.of("size", n("1")), ImmutableSet.of());
    PendingWrite folded = pending(read, update(Map.of("size", n("2")))).then(
        exists(), new Effect.Check());
    assertEquals(update(Map.of("size", n("2"))), folded.effect());
    assertEquals(read, folded.expected());
    assertEquals(Optional.of(item("size", n("2"))), folded.effect().applyTo(Optional.of(item("size", n("1"))), KEY));
    assertEquals(Optional.empty(), new Effect.Check().applyTo(Optional.empty(), KEY), "a check creates nothing");
  }

  @Test
  void anUpsertOfATableWithConstantsExpectsTheKeyFreeOrTheItemItsOwn() {
    TransactWriteItems.Action put = pending(OWN, new Effect.Put(item("size", n("1")))).action(NOW);
    assertEquals("attribute_not_exists(#a0) OR #a1 = :v0", put.conditionExpression().orElseThrow());
    PendingWrite merged = pending(OWN, update(Map.of("size", n("2"))));
    assertEquals(new ItemExpectation(ItemExpectation.Existence.ABSENT_OR_OWN, OWN.values(), ImmutableSet.of("name")),
        merged.then(ItemExpectation.asRead(ImmutableMap.of("size", n("2")), ImmutableSet.of("name")),
            update(Map.of("size", n("3")))).expected(), "a missing attribute is as well missing from no item");
    assertEquals(ItemExpectation.Existence.EXISTS, merged.then(ItemExpectation.asRead(
        ImmutableMap.of("owner", s("u1")), ImmutableSet.of()), update(Map.of("size", n("3")))).expected().exists(),
        "a value the merge did not write was read from an item on the server");
  }

  @Test
  void aTableWithTimeToLiveCountsItsExpiredItemsAsGone() {
    Optional<TimeToLive> ttl = Optional.of(new TimeToLive("expires"));
    assertEquals("attribute_not_exists(#a0) OR (attribute_type(#a1, :v0) AND #a1 < :v1)",
        expiring(ttl, ItemExpectation.ABSENT, new Effect.Put(item("size", n("1")))).conditionExpression()
            .orElseThrow());
    TransactWriteItems.Action update = expiring(ttl, ItemExpectation.asRead(ImmutableMap.of("size", n("1")),
        ImmutableSet.of()), update(Map.of("size", n("2"))));
    assertEquals("attribute_exists(#a1) AND (NOT attribute_type(#a2, :v2) OR #a2 >= :v3) AND #a0 = :v1",
        update.conditionExpression().orElseThrow());
    assertEquals(new RequestValue.Bound(n("1800000000")), update.attributes().values().get(":v3"),
        "judged at the commit's time");
    assertEquals("attribute_not_exists(#a0) OR (attribute_type(#a2, :v1) AND #a2 < :v2) OR #a1 = :v0",
        expiring(ttl, OWN, new Effect.Put(item("size", n("1")))).conditionExpression().orElseThrow());
    assertEquals(Optional.empty(), expiring(ttl, ItemExpectation.NOTHING, new Effect.Put(item("size", n("1"))))
        .conditionExpression(), "nothing expected, nothing checked");
  }

  @Test
  void aKeptChangeAddsNothing() {
    assertThrows(IllegalArgumentException.class, () -> new Effect.Update(new ItemChange(ImmutableMap.of(),
        ImmutableMap.of("size", new RequestValue.Bound(n("1"))), ImmutableSet.of())));
    assertThrows(IllegalArgumentException.class, () -> new ItemExpectation(ItemExpectation.Existence.ABSENT,
        ImmutableMap.of("size", n("1")), ImmutableSet.of()));
  }

  private static ItemExpectation exists() {
    return ItemExpectation.PRESENT;
  }

  private static TransactWriteItems.Action expiring(Optional<TimeToLive> ttl, ItemExpectation expected,
      Effect effect) {
    return new PendingWrite(new ItemKey("Drive", KEY), "PK", ttl, "{PK=k}", expected, effect).action(NOW);
  }

  private static PendingWrite pending(ItemExpectation expected, Effect effect) {
    return new PendingWrite(new ItemKey("Drive", KEY), "PK", Optional.empty(), "{PK=k}", expected, effect);
  }

  private static Effect.Update update(Map<String, AttributeValue> sets, String... removes) {
    ImmutableMap.Builder<String, RequestValue> bound = ImmutableMap.builder();
    sets.forEach((name, value) -> bound.put(name, new RequestValue.Bound(value)));
    return new Effect.Update(new ItemChange(bound.build(), ImmutableMap.of(), ImmutableSet.copyOf(removes)));
  }

  private static ImmutableMap<String, AttributeValue> item(Object... attributes) {
    ImmutableMap.Builder<String, AttributeValue> item = ImmutableMap.<String, AttributeValue>builder().putAll(KEY);
    for (int i = 0; i < attributes.length; i += 2) {
      item.put((String) attributes[i], (AttributeValue) attributes[i + 1]);
    }
    return item.build();
  }

  private static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }

  private static AttributeValue n(String value) {
    return AttributeValue.fromN(value);
  }
}
