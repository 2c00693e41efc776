package dev.keycond.planner.request;

import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Scan: every item of a table or index, a page at a time; with a segment, the share of a parallel
 * Scan that DynamoDB assigns to that segment.
 *
 * @param filterExpression the conditions DynamoDB checks on each item it reads, before returning it
 * @param limit the request's Limit: the most items one page reads
 * @param limitsFirstPageOnly as for {@link Query#limitsFirstPageOnly()}
 * @param selection what the Scan returns of the items: the projection, a count, or whole items
 * @param segment for one worker of a parallel Scan, its Segment and the TotalSegments
 */
public record Scan(
    String tableName,
    Optional<String> indexName,
    Optional<String> filterExpression,
    Optional<String> projectionExpression,
    ExpressionAttributes attributes,
    Optional<Integer> limit,
    boolean limitsFirstPageOnly,
    Selection selection,
    boolean consistentRead,
    Optional<Segment> segment) implements ReadRequest {

  /** One segment of a parallel Scan: DynamoDB splits the table into {@code total} disjoint parts. */
  public record Segment(int index, int total) {
    public Segment {
      if (total < 2 || index < 0 || index >= total) {
        throw new IllegalArgumentException("segment " + index + " of " + total);
      }
    }
  }

  public Scan {
    selection.checkWith(projectionExpression);
    attributes.checkUsedExactlyBy(filterExpression, projectionExpression);
  }

  @Override
  public String operation() {
    return "Scan";
  }

  @Override
  public <R> R accept(ReadRequest.Visitor<R> visitor) {
    return visitor.scan(this);
  }

  /** True for Select=COUNT. */
  public boolean count() {
    return selection == Selection.COUNT;
  }

  /** This Scan with another Limit on its page, as {@code scan=limit:N} caps what is left. */
  public Scan withLimit(Optional<Integer> newLimit) {
    return new Scan(tableName, indexName, filterExpression, projectionExpression, attributes, newLimit,
        limitsFirstPageOnly, selection, consistentRead, segment);
  }

  /** This Scan returning what {@code newSelection} says of its items. */
  public Scan withSelection(Selection newSelection) {
    return new Scan(tableName, indexName, filterExpression, projectionExpression, attributes, limit,
        limitsFirstPageOnly, newSelection, consistentRead, segment);
  }

  /** The share of this Scan that one worker of a parallel Scan reads. */
  public Scan inSegment(Segment newSegment) {
    return new Scan(tableName, indexName, filterExpression, projectionExpression, attributes, limit,
        limitsFirstPageOnly, selection, consistentRead, Optional.of(newSegment));
  }

  /** The Limit of one page: a Limit of the first page only is not sent for the pages after it. */
  public Optional<Integer> pageLimit(boolean first) {
    return limitsFirstPageOnly && !first ? Optional.empty() : limit;
  }

  public ScanRequest toSdk(Map<String, AttributeValue> exclusiveStartKey, ReturnConsumedCapacity capacity) {
    return ScanRequest.builder()
        .tableName(tableName)
        .indexName(indexName.orElse(null))
        .filterExpression(filterExpression.orElse(null))
        .projectionExpression(projectionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .expressionAttributeValues(attributes.sdkValues())
        .limit(limit.orElse(null))
        .select(selection.sdk().orElse(null))
        .consistentRead(consistentRead ? true : null)
        .segment(segment.map(Segment::index).orElse(null))
        .totalSegments(segment.map(Segment::total).orElse(null))
        .exclusiveStartKey(exclusiveStartKey)
        .returnConsumedCapacity(capacity)
        .build();
  }
}
