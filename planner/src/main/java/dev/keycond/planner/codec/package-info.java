/**
 * Values: DynamoDB attribute values to and from keycond's SQL values, the text of key template
 * slots, DynamoDB's order, JSON, dates and timestamps (the forms keycond writes are read by hand,
 * {@link dev.keycond.planner.codec.IsoForms}), and {@link dev.keycond.planner.codec.ItemCodec}, the
 * one place that knows where a column's value lives in an item, for reads and writes. Also the
 * limits DynamoDB puts on keys and items, checked before anything is sent.
 */
package dev.keycond.planner.codec;
