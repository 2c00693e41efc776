/**
 * The mapping file as written: SQL tables, their columns and types and where each is kept, key
 * templates (which decode and encode the text of a key), constant attributes, hierarchies and
 * references, checked for everything that can be
 * checked without DynamoDB; and the reading of a JSON text into a tree, for the mapping file and
 * the other JSON files keycond reads.
 */
package dev.keycond.planner.mapping;
