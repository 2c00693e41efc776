package dev.keycond.planner.mapping;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The mappings the JVM's connections parsed, by their text: a connection whose mapping file (or
 * inline mapping) reads as one parsed before takes that mapping, which is immutable, instead of
 * parsing and checking it again. A file is still read by every connection, so an edited file is
 * parsed anew. The few texts used last are kept.
 */
final class ParsedMappings {
  private static final int KEPT = 16;
  /** Guarded by itself; in the order of use, the least recently used first. */
  private static final Map<String, Mapping> BY_TEXT = new LinkedHashMap<>(KEPT, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Mapping> eldest) {
      return size() > KEPT;
    }
  };

  private ParsedMappings() {}

  /** The mapping of this text: the one parsed before, or else parsed now ({@link MappingParser#parse}). */
  static Mapping of(String json, String origin) {
    synchronized (BY_TEXT) {
      Mapping parsed = BY_TEXT.get(json);
      if (parsed != null) {
        return parsed;
      }
    }
    Mapping mapping = MappingParser.parse(json, origin);
    synchronized (BY_TEXT) {
      BY_TEXT.put(json, mapping);
    }
    return mapping;
  }
}
