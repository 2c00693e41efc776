/**
 * The driver's entry point and what a program names of keycond: {@link dev.keycond.Driver}, the one
 * {@code java.sql.Driver} the jar registers, and the launcher of the shell and the demo; and {@link
 * dev.keycond.KeycondStatement}, what keycond's statements add to JDBC's (what a statement cost),
 * reached with {@code Statement.unwrap}. The rest of the driver, in {@code dev.keycond.jdbc}, is not
 * meant to be named by programs.
 */
package dev.keycond;
