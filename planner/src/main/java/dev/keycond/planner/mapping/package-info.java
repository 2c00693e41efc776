/**
 * The mapping file as written: SQL tables, their columns and types and where each is kept, key
 * templates (which decode and encode the text of a key), constant attributes, hierarchies and
 * references, checked for everything that can be
 * checked without DynamoDB.
 */
package dev.keycond.planner.mapping;
