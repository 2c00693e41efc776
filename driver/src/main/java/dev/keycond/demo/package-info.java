/**
 * {@code keycond demo}: a local dynalite, the README's example data, the showcase of statements
 * with their EXPLAIN, rows, warnings and the requests counted on the wire, then the shell.
 */
package dev.keycond.demo;
