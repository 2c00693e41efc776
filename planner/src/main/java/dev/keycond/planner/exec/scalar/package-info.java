/**
 * Scalar expressions compiled once into closures over a row: operators and functions with SQL's
 * NULL rules, exact numbers and DynamoDB's string order.
 */
package dev.keycond.planner.exec.scalar;
