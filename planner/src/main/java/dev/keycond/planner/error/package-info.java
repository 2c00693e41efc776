/**
 * The error every layer below JDBC raises, {@link dev.keycond.planner.error.KeycondException},
 * and the SQLStates it carries, each of which decides the SQLException subclass a caller sees.
 */
package dev.keycond.planner.error;
