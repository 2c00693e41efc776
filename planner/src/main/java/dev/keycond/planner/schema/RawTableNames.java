package dev.keycond.planner.schema;

import com.google.common.base.Suppliers;
import dev.keycond.planner.gateway.DynamoCatalog;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The names of a connection's raw tables: the account's tables that no mapped table reads from.
 * A statement naming a table finds it in the list another connection of the JVM made within the
 * reuse time, when there is one that names it; otherwise the connection lists the tables itself,
 * once, so that a table created since is found all the same. The catalog's list of tables is always
 * the connection's own: a list made by another connection cannot tell a table created since.
 */
final class RawTableNames {
  /** No raw tables, and no request to find any. */
  static final RawTableNames NONE = new RawTableNames(Optional::empty, Set::of);

  /** Another connection's list, read the first time a name is looked up. */
  private final Supplier<Optional<Set<String>>> reused;
  /** The connection's own list, made the first time it is needed. */
  private final Supplier<Set<String>> own;

  private RawTableNames(Supplier<Optional<Set<String>>> reused, Supplier<Set<String>> own) {
    this.reused = reused;
    this.own = own;
  }

  /** Listed now: a connection without mapped tables still asks the endpoint something when it opens. */
  static RawTableNames listedNow(DynamoCatalog catalog, Set<String> notRaw) {
    Set<String> names = without(catalog.listTables(), notRaw);
    return new RawTableNames(Optional::empty, () -> names);
  }

  /** Listed, or another connection's list reused, when first needed. */
  static RawTableNames whenNeeded(DynamoCatalog catalog, Set<String> notRaw) {
    return new RawTableNames(
        Suppliers.memoize(() -> catalog.reusableTableNames().map(names -> without(names, notRaw))),
        Suppliers.memoize(() -> without(catalog.listTables(), notRaw)));
  }

  /** Every raw table's name, sorted, as the connection listed them. */
  Set<String> all() {
    return own.get();
  }

  /**
   * Whether a raw table has this name. One another connection listed may have been dropped since,
   * which describing it tells.
   */
  boolean contains(String name) {
    return reused.get().map(names -> names.contains(name)).orElse(false) || own.get().contains(name);
  }

  private static Set<String> without(List<String> tables, Set<String> notRaw) {
    Set<String> names = new TreeSet<>(tables);
    names.removeAll(notRaw);
    return Collections.unmodifiableSet(names);
  }
}
