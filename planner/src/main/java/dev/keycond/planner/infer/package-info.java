/**
 * Proposing a mapping instead of writing it: from a bounded sample of a DynamoDB table's items
 * ({@link dev.keycond.planner.infer.MappingInference}: entities told apart by the literal labels of
 * their keys or by a type attribute, key templates with named slots, column types the codec reads
 * back exactly, index templates, hierarchies), or from a NoSQL Workbench data model
 * ({@link dev.keycond.planner.infer.WorkbenchImport}). Every proposal is a mapping file the mapping
 * loader takes as it is, and says what it guessed and what it could not place.
 */
package dev.keycond.planner.infer;
