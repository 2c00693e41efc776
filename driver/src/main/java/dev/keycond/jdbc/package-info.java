/**
 * The JDBC classes: connections, statements and their result kinds (rows, update counts,
 * EXPLAIN), result sets over the planner's cursors, values converted to and from JDBC types, JDBC's
 * escape syntax turned into SQL, and the metadata SQL tools read. Every failure reaching a caller is
 * an SQLException whose subclass matches its SQLState.
 */
package dev.keycond.jdbc;
