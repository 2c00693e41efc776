/**
 * Planning one read: which conditions a key can express, through its templates; the access path
 * (GetItem, a Query of the table or an index, a fan-out, a Scan); key values still to be bound to
 * parameters; and the conditions DynamoDB can check itself with exactly SQL's meaning.
 */
package dev.keycond.planner.plan;
