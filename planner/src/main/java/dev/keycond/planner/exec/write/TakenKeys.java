package dev.keycond.planner.exec.write;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.KeyReads;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.request.Expiry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Which of the keys an INSERT in a transaction gives are taken on the server, read when the
 * statement runs so that a taken key fails it then (23505) and not only at commit. Only the keys the
 * transaction has not written are read (strongly consistent, the key alone and the time to live;
 * one GetItem, or a BatchGetItem per 100 keys; an item whose time has passed leaves its key free): for the others, what the transaction did decides (a key it deleted is
 * free, one it inserted is taken). The commit still expects each key absent, since another writer
 * may take one meanwhile.
 */
final class TakenKeys {
  private TakenKeys() {}

  /**
   * The keys of {@code items} that an item on the server has, among those the transaction has not
   * written.
   *
   * @throws dev.keycond.planner.error.KeycondException 54000, before anything is read, when the
   *     items would take the transaction past 100 actions
   */
  static Set<Map<String, AttributeValue>> of(EntityTable table, List<Map<String, AttributeValue>> items,
      ExecutionContext context) {
    List<ImmutableMap<String, AttributeValue>> keys = context.transaction().orElseThrow().unwritten(table, items);
    if (keys.isEmpty()) {
      return Set.of();
    }
    List<ImmutableMap<String, RequestValue>> requested =
        keys.stream().map(InsertOperator::values).collect(ImmutableList.toImmutableList());
    // An item whose time to live has passed is gone to reads, and so its key is free.
    Optional<Expiry> expiry = Expiry.of(table, context.settings(), Instant.now());
    List<String> attributes = new ArrayList<>(table.ownKeyAttributes());
    expiry.ifPresent(e -> attributes.add(e.timeToLive().attribute()));
    Set<Map<String, AttributeValue>> found = new HashSet<>();
    Consumer<Map<String, AttributeValue>> taken = item -> {
      if (expiry.filter(e -> e.expired(item)).isEmpty()) {
        found.add(key(table, item));
      }
    };
    for (ReadRequest read : KeyReads.of(table.source().name(), attributes, requested)) {
      read.accept(new ReadRequest.Visitor<Void>() {
        @Override
        public Void getItem(GetItem get) {
          context.gateway().getItem(get, context.call()).ifPresent(taken);
          return null;
        }

        @Override
        public Void batchGetItem(BatchGetItem batch) {
          context.gateway().batchGetItem(batch, context.call()).forEach(taken);
          return null;
        }

        @Override
        public Void query(Query query) {
          throw new IllegalStateException("keys are read by GetItem or BatchGetItem");
        }

        @Override
        public Void scan(Scan scan) {
          throw new IllegalStateException("keys are read by GetItem or BatchGetItem");
        }
      });
    }
    return found;
  }

  static ImmutableMap<String, AttributeValue> key(EntityTable table, Map<String, AttributeValue> item) {
    ImmutableMap.Builder<String, AttributeValue> key = ImmutableMap.builder();
    table.ownKeyAttributes().forEach(a -> key.put(a, item.get(a)));
    return key.build();
  }
}
