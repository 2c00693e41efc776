package dev.keycond.planner.dynamo;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.mapping.AttributeType;
import java.util.Optional;

/**
 * A DynamoDB table as DescribeTable reports it: its key, the types of its key attributes (of the
 * table and of every index) and its secondary indexes.
 */
public record SourceTable(
    String name,
    KeySchema keys,
    ImmutableMap<String, AttributeType> keyAttributeTypes,
    ImmutableList<SourceIndex> indexes) {

  public Optional<SourceIndex> index(String indexName) {
    return indexes.stream().filter(i -> i.name().equals(indexName)).findFirst();
  }

  public AttributeType keyAttributeType(String attribute) {
    return keyAttributeTypes.getOrDefault(attribute, AttributeType.S);
  }
}
