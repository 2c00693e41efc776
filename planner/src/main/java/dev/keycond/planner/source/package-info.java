/**
 * What DescribeTable reports of a DynamoDB table: its key schema, the types of its key
 * attributes, and its secondary indexes (a global index's key may have several partition and sort
 * key attributes); and its time to live, as DescribeTimeToLive reports it.
 * Keys, indexes and time to live are read from DynamoDB, never declared.
 */
package dev.keycond.planner.source;
