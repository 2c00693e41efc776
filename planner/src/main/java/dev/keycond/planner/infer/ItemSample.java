package dev.keycond.planner.infer;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.gateway.StatementCall;
import dev.keycond.planner.request.ExpressionAttributes;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.request.Selection;
import dev.keycond.planner.source.SourceTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The items an inference read of one DynamoDB table: the first pages of a Scan with a Limit,
 * bounded by {@link SampleBounds}.
 *
 * @param pages the Scan pages read
 * @param wholeTable whether the pages reached the table's end, so that the sample is every item
 */
public record ItemSample(SourceTable source, ImmutableList<Map<String, AttributeValue>> items, int pages,
    boolean wholeTable) {

  /** Reads the sample through the gateway, whose call counts what it cost. */
  public static ItemSample read(SourceTable source, SampleBounds bounds, DynamoGateway gateway, StatementCall call) {
    Scan scan = new Scan(source.name(), Optional.empty(), Optional.empty(), Optional.empty(),
        ExpressionAttributes.NONE, Optional.of(bounds.pageLimit()), false, Selection.PROJECTED, false,
        Optional.empty());
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> startKey = null;
    int pages = 0;
    do {
      Map<String, AttributeValue> from = startKey;
      ScanResponse page = gateway.scan(scan, from, call);
      pages++;
      items.addAll(page.items());
      startKey = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
    } while (startKey != null && bounds.allowsAnotherPage(pages));
    return new ItemSample(source, ImmutableList.copyOf(items), pages, startKey == null);
  }

  /** Such as "12 items of table 'Control' in 1 Scan page: the whole table". */
  public String describe() {
    return items.size() + " item" + (items.size() == 1 ? "" : "s") + " of table '" + source.name() + "' in " + pages
        + " Scan page" + (pages == 1 ? "" : "s") + (wholeTable ? ": the whole table"
        : ": the table has more items, which the sample leaves out");
  }
}
