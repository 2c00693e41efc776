package dev.keycond.planner.mapping;

import com.google.common.collect.ImmutableMap;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** All SQL tables a mapping file declares, by name. */
public record Mapping(ImmutableMap<String, TableMapping> tables) {
  public static final Mapping EMPTY = new Mapping(ImmutableMap.of());

  public Optional<TableMapping> table(String name) {
    return Optional.ofNullable(tables.get(name));
  }

  /** The DynamoDB tables that at least one mapped table reads; they are not exposed raw. */
  public Set<String> sources() {
    return tables.values().stream().map(TableMapping::source).collect(Collectors.toSet());
  }
}
