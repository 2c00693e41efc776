package dev.keycond.planner.cost;

import java.util.Optional;

/**
 * The capacity units a statement consumed on one table, or on one index of a table, as DynamoDB
 * reported them. A read's units are read capacity units (RCU), a write's write capacity units
 * (WCU).
 *
 * @param table the DynamoDB table
 * @param index the secondary index, or empty for the table itself
 */
public record Capacity(String table, Optional<String> index, double readUnits, double writeUnits) {

  public Capacity {
    if (table == null || table.isEmpty()) {
      throw new IllegalArgumentException("a capacity belongs to a table");
    }
    if (!(readUnits >= 0) || !(writeUnits >= 0) || Double.isInfinite(readUnits) || Double.isInfinite(writeUnits)) {
      throw new IllegalArgumentException("capacity units are finite and not negative: " + readUnits + " RCU, "
          + writeUnits + " WCU");
    }
  }

  /**
   * Such as {@code table 'Drive' index 'ByParent': 12.5 RCU}: the units of the kinds consumed, and
   * RCU alone when the table reported none at all (a Query that matched nothing).
   */
  public String describe() {
    String units = writeUnits == 0 ? CostText.units(readUnits) + " RCU"
        : readUnits == 0 ? CostText.units(writeUnits) + " WCU"
        : CostText.units(readUnits) + " RCU, " + CostText.units(writeUnits) + " WCU";
    return "table '" + table + "'" + index.map(i -> " index '" + i + "'").orElse("") + ": " + units;
  }
}
