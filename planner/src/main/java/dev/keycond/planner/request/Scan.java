package dev.keycond.planner.request;

import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Scan: every item of a table or index, a page at a time.
 *
 * @param limit the request's Limit: the most items one page reads
 * @param limitsFirstPageOnly as for {@link Query#limitsFirstPageOnly()}
 * @param count true for Select=COUNT
 */
public record Scan(
    String tableName,
    Optional<String> indexName,
    Optional<String> projectionExpression,
    ExpressionAttributes attributes,
    Optional<Integer> limit,
    boolean limitsFirstPageOnly,
    boolean count,
    boolean consistentRead) implements ReadRequest {

  public Scan {
    attributes.checkUsedExactlyBy(projectionExpression);
  }

  @Override
  public String operation() {
    return "Scan";
  }

  /** This Scan with another Limit on its page, as {@code scan=limit:N} caps what is left. */
  public Scan withLimit(Optional<Integer> newLimit) {
    return new Scan(tableName, indexName, projectionExpression, attributes, newLimit, limitsFirstPageOnly, count,
        consistentRead);
  }

  /** The Limit of one page: a Limit of the first page only is not sent for the pages after it. */
  public Optional<Integer> pageLimit(boolean first) {
    return limitsFirstPageOnly && !first ? Optional.empty() : limit;
  }

  public ScanRequest toSdk(Map<String, AttributeValue> exclusiveStartKey) {
    return ScanRequest.builder()
        .tableName(tableName)
        .indexName(indexName.orElse(null))
        .projectionExpression(projectionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .expressionAttributeValues(attributes.sdkValues())
        .limit(limit.orElse(null))
        .select(count ? Select.COUNT : null)
        .consistentRead(consistentRead ? true : null)
        .exclusiveStartKey(exclusiveStartKey)
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
        .build();
  }
}
