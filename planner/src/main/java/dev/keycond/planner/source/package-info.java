/**
 * What DescribeTable reports of a DynamoDB table: its key schema, the types of its key
 * attributes, and its secondary indexes. Keys and indexes are read from DynamoDB, never declared.
 */
package dev.keycond.planner.source;
