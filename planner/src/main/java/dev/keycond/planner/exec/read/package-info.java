/**
 * Running reads: {@link dev.keycond.planner.exec.read.ReadOperator} pages through a read's
 * requests lazily as rows are pulled (fan-outs and the segments of a parallel Scan overlap within
 * a bound, ordered fan-outs merge in key order), items become rows through the item codec, and
 * collection parts, lookup joins and hierarchy walks are read by key.
 */
package dev.keycond.planner.exec.read;
