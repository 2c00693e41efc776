package dev.keycond.planner;

import java.util.Optional;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A column of a statement's result, as ResultSetMetaData describes it.
 *
 * @param table the SQL table the column comes from, when it is a plain column reference
 * @param column the SQL column it comes from, likewise
 */
public record ResultColumn(
    String label,
    SqlTypeName type,
    int precision,
    int scale,
    boolean nullable,
    Optional<String> table,
    Optional<String> column) {}
