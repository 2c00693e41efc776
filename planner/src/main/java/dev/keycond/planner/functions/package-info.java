/**
 * The SQL functions keycond adds to Calcite's (the path functions of hierarchies), and their
 * default arguments.
 */
package dev.keycond.planner.functions;
