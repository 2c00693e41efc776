package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Lists;
import java.util.List;
import java.util.Optional;

/**
 * The strongly consistent reads that find which of some keys have an item, returning only the key
 * (and what else tells whether the item counts, its time to live):
 * one GetItem for one key, BatchGetItem requests of up to 100 keys for more. An INSERT in a
 * transaction sends them to refuse a taken key when it runs rather than at commit.
 */
public final class KeyReads {
  private KeyReads() {}

  /**
   * @param attributes the attributes to return: the key's, and any other the caller needs
   * @param keys distinct keys (BatchGetItem refuses a request that repeats one), each with every key
   *     attribute of the table
   */
  public static ImmutableList<ReadRequest> of(String tableName, List<String> attributes,
      List<ImmutableMap<String, RequestValue>> keys) {
    if (keys.size() == 1) {
      Placeholders placeholders = new Placeholders();
      Optional<String> projection = projection(attributes, placeholders);
      return ImmutableList.of(new GetItem(tableName, keys.get(0), projection, placeholders.attributes(), true));
    }
    ImmutableList.Builder<ReadRequest> requests = ImmutableList.builder();
    for (List<ImmutableMap<String, RequestValue>> batch : Lists.partition(keys, BatchGetItem.MAX_KEYS)) {
      Placeholders placeholders = new Placeholders();
      Optional<String> projection = projection(attributes, placeholders);
      requests.add(new BatchGetItem(tableName, ImmutableList.copyOf(batch), projection, placeholders.attributes(),
          true));
    }
    return requests.build();
  }

  private static Optional<String> projection(List<String> attributes, Placeholders placeholders) {
    return Optional.of(String.join(", ", attributes.stream().map(placeholders::name).toList()));
  }
}
