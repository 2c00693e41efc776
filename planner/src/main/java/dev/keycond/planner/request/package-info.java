/**
 * DynamoDB requests, one record per operation, each checked where it is built (it carries
 * exactly the placeholders its expressions use), and the builders that make them from plans, for
 * execution and, with the same code, for EXPLAIN.
 */
package dev.keycond.planner.request;
