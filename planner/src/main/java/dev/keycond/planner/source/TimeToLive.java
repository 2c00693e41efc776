package dev.keycond.planner.source;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The time to live of a DynamoDB table, as DescribeTimeToLive reports it when it is enabled: the
 * attribute that holds each item's expiry time, a Number of seconds since the epoch. DynamoDB
 * deletes an item some time after that time has passed, typically within a few days; until then
 * reads still return it. An item without the attribute, or with a value that is no Number, never
 * expires.
 */
public record TimeToLive(String attribute) {
  public TimeToLive {
    Objects.requireNonNull(attribute, "attribute");
  }

  /** Whether the item's time to live has passed at {@code now}: its expiry time is before it. */
  public boolean expired(Map<String, AttributeValue> item, Instant now) {
    AttributeValue value = item.get(attribute);
    return value != null && value.n() != null && new BigDecimal(value.n()).compareTo(BigDecimal.valueOf(now.getEpochSecond())) < 0;
  }
}
