package dev.keycond.planner.source;

import com.google.common.collect.ImmutableList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The key attributes of a DynamoDB table or index, in the order of its KeySchema: the partition key
 * attributes, then the sort key attributes (none for a hash-only key). A table's key and a local
 * index's have one attribute of each kind at most; a global index may have up to four of each
 * (multi-attribute keys), each an attribute of its own type that holds its value as it is.
 */
public record KeySchema(ImmutableList<String> partitionAttributes, ImmutableList<String> sortAttributes) {
  /** How many attributes DynamoDB allows in a partition key, and in a sort key. */
  public static final int MAX_ATTRIBUTES = 4;

  public KeySchema {
    if (partitionAttributes.isEmpty() || partitionAttributes.size() > MAX_ATTRIBUTES
        || sortAttributes.size() > MAX_ATTRIBUTES) {
      throw new IllegalArgumentException("a key has 1 to " + MAX_ATTRIBUTES + " partition key attributes and 0 to "
          + MAX_ATTRIBUTES + " sort key attributes, not " + partitionAttributes + " and " + sortAttributes);
    }
    Set<String> distinct = new HashSet<>(partitionAttributes);
    distinct.addAll(sortAttributes);
    if (distinct.size() != partitionAttributes.size() + sortAttributes.size()) {
      throw new IllegalArgumentException("an attribute appears twice in key " + partitionAttributes + " "
          + sortAttributes);
    }
  }

  /** A key of one partition key attribute and at most one sort key attribute. */
  public KeySchema(String hashAttribute, Optional<String> rangeAttribute) {
    this(ImmutableList.of(hashAttribute), rangeAttribute.map(ImmutableList::of).orElseGet(ImmutableList::of));
  }

  /** Whether the partition key or the sort key has more than one attribute: only a global index's may. */
  public boolean isMultiAttribute() {
    return partitionAttributes.size() > 1 || sortAttributes.size() > 1;
  }

  /**
   * The partition key attribute of a single-attribute key, such as every table's and every local
   * index's.
   *
   * @throws IllegalStateException for a multi-attribute partition key, which has no one attribute
   */
  public String hashAttribute() {
    if (partitionAttributes.size() != 1) {
      throw new IllegalStateException("partition key " + partitionAttributes + " has several attributes");
    }
    return partitionAttributes.get(0);
  }

  /**
   * The sort key attribute of a single-attribute key, if it has one.
   *
   * @throws IllegalStateException for a multi-attribute sort key, which has no one attribute
   */
  public Optional<String> rangeAttribute() {
    if (sortAttributes.size() > 1) {
      throw new IllegalStateException("sort key " + sortAttributes + " has several attributes");
    }
    return sortAttributes.stream().findFirst();
  }

  /** The partition key attributes, then the sort key attributes. */
  public List<String> attributes() {
    return ImmutableList.<String>builder().addAll(partitionAttributes).addAll(sortAttributes).build();
  }

  public boolean isKeyAttribute(String attribute) {
    return partitionAttributes.contains(attribute) || sortAttributes.contains(attribute);
  }

  public boolean isPartitionAttribute(String attribute) {
    return partitionAttributes.contains(attribute);
  }
}
