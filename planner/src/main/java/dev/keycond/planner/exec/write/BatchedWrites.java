package dev.keycond.planner.exec.write;

import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.request.BatchWriteItem;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.WriteRequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Gathers unconditional puts and deletes into BatchWriteItem requests of 25, sent concurrently.
 * DynamoDB refuses a batch that writes one item twice, so a row whose item the batch being gathered
 * already writes sends that batch first; the sender then holds the row's batch until that one has
 * answered, so that of two rows with one key the later one is written last.
 */
final class BatchedWrites {
  private final ExecutionContext context;
  private final WriteRequestBuilder requests;
  private final ConcurrentWrites sender;
  private final WriteProgress progress;
  private final List<String> keyAttributes;
  private final BiConsumer<RowRef, Optional<Map<String, AttributeValue>>> keep;
  private final List<Pending> batch = new ArrayList<>();

  private record Pending(RowRef row, BatchWriteItem.Write write) {}

  BatchedWrites(ExecutionContext context, WriteRequestBuilder requests, ConcurrentWrites sender,
      WriteProgress progress, List<String> keyAttributes,
      BiConsumer<RowRef, Optional<Map<String, AttributeValue>>> keep) {
    this.keep = keep;
    this.context = context;
    this.requests = requests;
    this.sender = sender;
    this.progress = progress;
    this.keyAttributes = keyAttributes;
  }

  void add(RowRef row, BatchWriteItem.Write write) {
    ImmutableMap<String, RequestValue> itemKey = write.key(keyAttributes);
    if (batch.stream().anyMatch(p -> p.write().key(keyAttributes).equals(itemKey))) {
      flush();
    }
    batch.add(new Pending(row, write));
    if (batch.size() == BatchWriteItem.MAX_WRITES) {
      flush();
    }
  }

  /** Sends the rows gathered so far. */
  void flush() {
    if (batch.isEmpty()) {
      return;
    }
    List<Pending> sent = List.copyOf(batch);
    batch.clear();
    BatchWriteItem request = requests.batch(sent.stream().map(Pending::write).toList());
    sender.submit(sent.stream().map(Pending::row).toList(), () -> {
      DynamoGateway.BatchWriteResult result = context.gateway().batchWriteItem(request, context.call());
      long[] written = new long[sent.size()];
      KeycondException unprocessed = new KeycondException(SqlState.THROTTLED, "BatchWriteItem on table '"
          + request.tableName() + "' left " + result.unprocessed().size() + " writes unprocessed after "
          + result.requests() + " attempts; DynamoDB is throttling");
      for (int i = 0; i < sent.size(); i++) {
        Pending p = sent.get(i);
        if (result.unprocessed().contains(p.write())) {
          progress.failed(p.row().execution(), p.row().ordinal(), p.row().key(), unprocessed);
        } else {
          written[i] = 1;
          keep.accept(p.row(), Optional.of(p.write() instanceof BatchWriteItem.Put put
              ? RequestValue.bind(put.item()) : Map.of()));
        }
      }
      return written;
    });
  }
}
