/**
 * The mapping file as written: SQL tables, their columns and types, key templates (which decode
 * and encode the text of a key), hierarchies and references, checked for everything that can be
 * checked without DynamoDB.
 */
package dev.keycond.planner.mapping;
