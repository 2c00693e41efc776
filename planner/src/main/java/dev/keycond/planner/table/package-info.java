/**
 * SQL tables bound to their DynamoDB tables: a mapped table checked against what DescribeTable
 * says (and completed with the templates it implies), or a DynamoDB table without a mapping
 * exposed raw; each knows which columns its keys hold and which key schemas it can be read by.
 */
package dev.keycond.planner.table;
