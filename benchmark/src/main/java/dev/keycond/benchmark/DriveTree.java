package dev.keycond.benchmark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The data set: one account's drive, a tree four levels below {@code root/}, and a second
 * account whose whole partition is {@value #PARTITION_ITEMS} items of about 1 KB.
 * <ul>
 *   <li>{@code root/photos/<year>/<month>/img-NNN.jpg}: 5 years, 12 months, 50 small files each;
 *       the subtree of the cold-start, per-statement and request-count queries.
 *   <li>{@code root/docs/<project>/<section>/doc_NN.txt}: other small files beside it.
 *   <li>{@code root/archive/<volume>/fNNNN.bin}: 20,000 items of about 1 KB ({@code note}), so that
 *       reading the subtree takes many 1 MB pages; the streaming-memory query.
 * </ul>
 * Items are written with the raw SDK's BatchWriteItem, never through keycond.
 */
final class DriveTree {
  static final String PHOTOS = "root/photos/";
  /** The size of a month's first photo; the {@code i}th has {@code PHOTO_SIZE + i}. */
  static final long PHOTO_SIZE = 100_000;
  static final String ARCHIVE = "root/archive/";
  static final int YEARS = 5;
  static final int MONTHS = 12;
  static final int PHOTOS_PER_MONTH = 50;
  static final int ARCHIVE_VOLUMES = 20;
  static final int ARCHIVE_FILES_PER_VOLUME = 1_000;
  static final int NOTE_CHARS = 1_000;
  static final int TEN_PHOTO_PREFIXES = YEARS * MONTHS * PHOTOS_PER_MONTH / 10;
  /** The account whose partition is read whole by the warm streaming measurement. */
  static final String PARTITION_ACCOUNT = "a2";
  static final int PARTITION_ITEMS = 5_000;

  private static final int BATCH = 25; // BatchWriteItem's limit
  private static final int WRITERS = 4;

  private final List<Map<String, AttributeValue>> items = new ArrayList<>();

  DriveTree() {
    folder("root/", null);
    folder(PHOTOS, "root/");
    for (int y = 0; y < YEARS; y++) {
      String year = PHOTOS + (2020 + y) + "/";
      folder(year, PHOTOS);
      for (int m = 1; m <= MONTHS; m++) {
        String month = year + String.format("%02d/", m);
        folder(month, year);
        for (int i = 0; i < PHOTOS_PER_MONTH; i++) {
          file(month + String.format("img-%03d.jpg", i), month, PHOTO_SIZE + i, null);
        }
      }
    }
    folder("root/docs/", "root/");
    for (int p = 0; p < 10; p++) {
      String project = "root/docs/p" + p + "/";
      folder(project, "root/docs/");
      for (int s = 0; s < 5; s++) {
        String section = project + "s" + s + "/";
        folder(section, project);
        for (int d = 0; d < 10; d++) {
          file(section + String.format("doc_%02d.txt", d), section, 2_000 + d, null);
        }
      }
    }
    folder(ARCHIVE, "root/");
    for (int v = 0; v < ARCHIVE_VOLUMES; v++) {
      String volume = ARCHIVE + String.format("v%02d/", v);
      folder(volume, ARCHIVE);
      for (int f = 0; f < ARCHIVE_FILES_PER_VOLUME; f++) {
        file(volume + String.format("f%04d.bin", f), volume, 1_000 + f, note(v * ARCHIVE_FILES_PER_VOLUME + f));
      }
    }
    for (int f = 0; f < PARTITION_ITEMS; f++) {
      items.add(item(PARTITION_ACCOUNT, String.format("root/f%04d.bin", f), "root/", 1_000L + f, note(f)));
    }
  }

  /** The key value of an account's partition: {@code DRIVE#a2}. */
  static String partition(String account) {
    return "DRIVE#" + account;
  }

  /** The path of the {@code n}th photo (modulo their number), {@code root/photos/2020/01/img-000.jpg} for 0. */
  static String photo(int n) {
    int index = Math.floorMod(n, YEARS * MONTHS * PHOTOS_PER_MONTH);
    int monthIndex = index / PHOTOS_PER_MONTH;
    return PHOTOS + (2020 + monthIndex / MONTHS) + String.format("/%02d/img-%03d.jpg", monthIndex % MONTHS + 1,
        index % PHOTOS_PER_MONTH);
  }

  /** The size of the {@code n}th photo ({@link #photo(int)}). */
  static long photoSize(int n) {
    return PHOTO_SIZE + Math.floorMod(n, YEARS * MONTHS * PHOTOS_PER_MONTH) % PHOTOS_PER_MONTH;
  }

  /**
   * The {@code n}th of {@value #TEN_PHOTO_PREFIXES} distinct path prefixes that each match 10
   * photos, {@code root/photos/2020/01/img-00} for 0: statement texts that differ in their literal
   * but not in their work. The names hold no {@code _}: it is LIKE's one-character wildcard, so
   * {@code LIKE 'img_00%'} is a Query for the prefix {@code img} (all 50 photos of the month)
   * filtered to 10, not the 10-item Query the baseline sends.
   */
  static String tenPhotoPrefix(int n) {
    int index = n % TEN_PHOTO_PREFIXES;
    int decade = index % (PHOTOS_PER_MONTH / 10);
    int monthIndex = index / (PHOTOS_PER_MONTH / 10);
    int year = 2020 + monthIndex / MONTHS;
    int month = monthIndex % MONTHS + 1;
    return PHOTOS + year + String.format("/%02d/img-0%d", month, decade);
  }

  static int archiveItems() {
    return ARCHIVE_VOLUMES * ARCHIVE_FILES_PER_VOLUME + ARCHIVE_VOLUMES + 1;
  }

  int size() {
    return items.size();
  }

  /** The items of the first account under {@code prefix}. */
  long count(String prefix) {
    return items.stream().filter(i -> i.get("PK").s().equals(FilesTable.PARTITION))
        .filter(i -> i.get("SK").s().startsWith(prefix)).count();
  }

  /** Writes every item, in batches of 25 on a few threads (dynalite is faster with some overlap). */
  void load(DynamoDbClient client) throws Exception {
    ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int from = 0; from < items.size(); from += BATCH) {
        List<Map<String, AttributeValue>> batch = items.subList(from, Math.min(from + BATCH, items.size()));
        done.add(writers.submit(() -> write(client, batch)));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      writers.shutdown();
    }
  }

  private static void write(DynamoDbClient client, List<Map<String, AttributeValue>> batch) {
    List<WriteRequest> requests = batch.stream()
        .map(item -> WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build())
        .toList();
    Map<String, List<WriteRequest>> pending = Map.of(FilesTable.SOURCE, requests);
    while (!pending.isEmpty()) {
      BatchWriteItemResponse response = client.batchWriteItem(BatchWriteItemRequest.builder().requestItems(pending).build());
      pending = response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
    }
  }

  private void folder(String path, String parent) {
    items.add(item(FilesTable.ACCOUNT, path, parent, null, null));
  }

  private void file(String path, String parent, long size, String note) {
    items.add(item(FilesTable.ACCOUNT, path, parent, size, note));
  }

  private static Map<String, AttributeValue> item(String account, String path, String parent, Long size, String note) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("PK", AttributeValue.fromS(partition(account)));
    item.put("SK", AttributeValue.fromS(path));
    if (parent != null) {
      item.put("parent", AttributeValue.fromS(parent));
    }
    if (size != null) {
      item.put("size", AttributeValue.fromN(Long.toString(size)));
    }
    item.put("modified", AttributeValue.fromS("2026-01-01T10:30:00Z"));
    if (note != null) {
      item.put("note", AttributeValue.fromS(note));
    }
    return item;
  }

  /** About 1 KB of text that differs per item. */
  private static String note(int n) {
    StringBuilder text = new StringBuilder(NOTE_CHARS);
    while (text.length() < NOTE_CHARS) {
      text.append("item ").append(n).append(" of the archive; ");
    }
    return text.substring(0, NOTE_CHARS);
  }
}
