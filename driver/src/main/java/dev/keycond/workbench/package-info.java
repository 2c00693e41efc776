/**
 * The workbench: a local web page served from the driver's own process (the JDK's built-in HTTP
 * server, on loopback only, behind a random token) that runs statements over one connection and
 * shows their rows, their requests as EXPLAIN gives them, their cost, the slice of the item
 * collection each Query reads, and the mapping. The page's assets are packed in the jar under
 * {@code dev/keycond/workbench/}; every figure it shows comes from the driver, never from the browser.
 */
package dev.keycond.workbench;
