/**
 * EXPLAIN's text: every request a statement sends, formatted as DynamoDB's API names its
 * fields, and every step the driver does itself, as a tree from the result down to the reads.
 */
package dev.keycond.planner.explain;
