/**
 * Planning writes: Calcite's TableModify of an INSERT, UPSERT, UPDATE or DELETE, and a MERGE by
 * key, turned into what the write does to its table (an INSERT, UPDATE or DELETE planned without
 * Calcite's front end is made by the same {@link dev.keycond.planner.write.WritePlanner#insert} or
 * {@link dev.keycond.planner.write.WritePlanner#change}) (with the EXISTS subqueries it checks
 * atomically), refusing what DynamoDB cannot do as the statement says (a key change, a MERGE of
 * another shape).
 */
package dev.keycond.planner.write;
