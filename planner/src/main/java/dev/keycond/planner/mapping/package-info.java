/**
 * The mapping file as written: SQL tables, their columns and types and where each is kept, key
 * templates (which decode and encode the text of a key), constant attributes, hierarchies and
 * references, checked for everything that can be
 * checked without DynamoDB; and the reading of a JSON text into a tree, for the mapping file and
 * the other JSON files keycond reads. It uses nothing of Calcite: a connection reads its mapping
 * while Calcite starts on another thread, and a column type's SQL type is the codec's
 * ({@link dev.keycond.planner.codec.SqlValues#sqlTypeName}).
 */
package dev.keycond.planner.mapping;
