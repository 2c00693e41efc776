package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Paging;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The table's items behind the pages of a read. A global index that lacks needed columns returns
 * only keys; the items are then fetched from the table with BatchGetItem, kept in the index's
 * order. (A local index fetches them itself, in the same request.)
 */
final class TableItems {
  private final ReadPlan plan;
  private final List<String> keyAttributes;

  TableItems(ReadPlan plan) {
    this.plan = plan;
    this.keyAttributes = plan.table().ownKeyAttributes();
  }

  /** Reads every remaining page of {@code reader}, passing on its table items in order. */
  void forEach(PageReader reader, ReadRequestBuilder builder, ExecutionContext context,
      Consumer<Map<String, AttributeValue>> action) {
    for (Optional<PageReader.Page> page = reader.next(); page.isPresent(); page = reader.next()) {
      of(page.get(), builder, context).forEach(action);
    }
  }

  List<Map<String, AttributeValue>> of(PageReader.Page page, ReadRequestBuilder builder, ExecutionContext context) {
    if (!plan.access().fetchesByBatchGet() || page.items().isEmpty()) {
      return page.items();
    }
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    for (Map<String, AttributeValue> item : page.items()) {
      keys.add(key(item));
    }
    Map<Map<String, AttributeValue>, Map<String, AttributeValue>> fetched = new HashMap<>();
    for (BatchGetItem request : builder.fetchRequests(keys)) {
      new PageReader(context, request, false, Paging.ON_DEMAND).forEachItem(item -> fetched.put(key(item), item));
    }
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (Map<String, AttributeValue> key : keys) {
      Map<String, AttributeValue> item = fetched.get(key);
      // An item deleted between the index read and the fetch is simply gone.
      if (item != null) {
        items.add(item);
      }
    }
    return items;
  }

  /** The item's own table key, which tells items apart. */
  Map<String, AttributeValue> key(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new HashMap<>();
    for (String attribute : keyAttributes) {
      key.put(attribute, item.get(attribute));
    }
    return key;
  }
}
