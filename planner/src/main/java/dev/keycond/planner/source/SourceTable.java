package dev.keycond.planner.source;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.mapping.AttributeType;
import java.util.Optional;

/**
 * A DynamoDB table as DescribeTable reports it: its key, the types of its key attributes (of the
 * table and of every index) and its secondary indexes; and its time to live, when DescribeTimeToLive
 * reports it enabled.
 */
public record SourceTable(
    String name,
    KeySchema keys,
    ImmutableMap<String, AttributeType> keyAttributeTypes,
    ImmutableList<SourceIndex> indexes,
    Optional<TimeToLive> timeToLive) {

  /** A table without time to live. */
  public SourceTable(String name, KeySchema keys, ImmutableMap<String, AttributeType> keyAttributeTypes,
      ImmutableList<SourceIndex> indexes) {
    this(name, keys, keyAttributeTypes, indexes, Optional.empty());
  }

  public Optional<SourceIndex> index(String indexName) {
    return indexes.stream().filter(i -> i.name().equals(indexName)).findFirst();
  }

  /** Whether an attribute is part of the key of the table or of one of its indexes. */
  public boolean isKeyAttribute(String attribute) {
    return keys.isKeyAttribute(attribute) || indexes.stream().anyMatch(i -> i.keys().isKeyAttribute(attribute));
  }

  public AttributeType keyAttributeType(String attribute) {
    return keyAttributeTypes.getOrDefault(attribute, AttributeType.S);
  }
}
