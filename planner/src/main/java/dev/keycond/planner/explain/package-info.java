/**
 * EXPLAIN's text: every request a statement sends, formatted as DynamoDB's API names its
 * fields, and every step the driver does itself, as a tree from the result down to the reads. And
 * each request as something to send by hand ({@link dev.keycond.planner.explain.CopyableRequest}):
 * the DynamoDB JSON of {@code EXPLAIN PLAN AS JSON}, the AWS CLI command and the AWS SDK for Java
 * v2 code that the {@code explain} property adds to the text.
 */
package dev.keycond.planner.explain;
