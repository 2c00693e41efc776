/**
 * The driver's entry point: {@link dev.keycond.Driver}, the one {@code java.sql.Driver} the jar
 * registers, and the launcher of the shell and the demo.
 */
package dev.keycond;
