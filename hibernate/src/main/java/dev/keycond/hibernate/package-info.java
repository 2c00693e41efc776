/**
 * keycond for Hibernate ORM, in an optional jar of its own so that the driver does not bring
 * Hibernate to applications that do not use it: the dialect, which tells Hibernate what keycond's
 * SQL accepts and how its SQLStates map to Hibernate's exceptions, and the resolver Hibernate
 * finds through ServiceLoader.
 */
package dev.keycond.hibernate;
