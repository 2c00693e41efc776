/**
 * What a program names of keycond: the JDBC {@link dev.keycond.Driver}, and {@link
 * dev.keycond.KeycondStatement}, what keycond's statements add to JDBC's (what a statement cost),
 * reached with {@code Statement.unwrap}. Everything else of the driver is in {@code
 * dev.keycond.jdbc} and is not meant to be named by programs.
 */
package dev.keycond;
