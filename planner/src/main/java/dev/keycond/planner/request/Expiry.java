package dev.keycond.planner.request;

import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.source.TimeToLive;
import dev.keycond.planner.table.EntityTable;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The items of a table with time to live that count as gone at {@code now}: those whose time has
 * passed, which DynamoDB deletes only some time later. Reads leave them out, and writes treat them
 * alike: an UPDATE or DELETE by key does not touch one, and an INSERT takes its key as free.
 */
public record Expiry(TimeToLive timeToLive, Instant now) {
  public Expiry {
    Objects.requireNonNull(timeToLive, "timeToLive");
    Objects.requireNonNull(now, "now");
  }

  /** The expiry of the table's items at {@code now}, unless it has no time to live or expired items are shown. */
  public static Optional<Expiry> of(EntityTable table, StatementSettings settings, Instant now) {
    return hiding(table, settings.showExpiredItems()).map(ttl -> new Expiry(ttl, now));
  }

  /**
   * The table's time to live when its expired items are gone: it has one, and expired items are not
   * shown (expiredItems=show).
   */
  public static Optional<TimeToLive> hiding(EntityTable table, boolean showExpiredItems) {
    return showExpiredItems ? Optional.empty() : table.source().timeToLive();
  }

  /** Whether the item has expired. */
  public boolean expired(Map<String, AttributeValue> item) {
    return timeToLive.expired(item, now);
  }

  /**
   * The condition that an item has not expired: its TTL attribute is missing or no Number (DynamoDB
   * never expires it), or not before {@code now}.
   */
  String live(Placeholders placeholders) {
    String name = placeholders.name(timeToLive.attribute());
    return "(NOT attribute_type(" + name + ", " + number(placeholders) + ") OR " + name + " >= " + time(placeholders)
        + ")";
  }

  /** The condition that an item has expired: the negation of {@link #live}. */
  String expired(Placeholders placeholders) {
    String name = placeholders.name(timeToLive.attribute());
    return "(attribute_type(" + name + ", " + number(placeholders) + ") AND " + name + " < " + time(placeholders)
        + ")";
  }

  private static String number(Placeholders placeholders) {
    return placeholders.value(new RequestValue.Bound(AttributeValue.fromS(AttributeType.N.name())));
  }

  private String time(Placeholders placeholders) {
    return placeholders.value(new RequestValue.Bound(AttributeValue.fromN(Long.toString(now.getEpochSecond()))));
  }
}
