/**
 * The shell: sqlline connected to keycond, with name completion from the metadata, listings a
 * person can read, one line per error, and no secret key shown or kept in its history.
 */
package dev.keycond.shell;
