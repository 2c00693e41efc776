package dev.keycond.planner.codec;

import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The shard of a row in a sharded partition: 1 plus the CRC-32 of the UTF-8 text of its
 * {@code of} column's value (as a key holds it, numbers without padding) modulo the shard count.
 * Any client can compute it, so items keycond writes can be read by others and the other way round.
 */
public final class ShardNumber {
  private ShardNumber() {}

  /** @param value a non-null value of the column's type */
  public static int of(Object value, ColumnType type, int count) {
    CRC32 crc = new CRC32();
    crc.update(KeyText.encode(value, type, new Slot("shard", 0)).getBytes(StandardCharsets.UTF_8));
    return 1 + (int) (crc.getValue() % count);
  }
}
