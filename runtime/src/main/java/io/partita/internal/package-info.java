/**
 * Runtime machinery no user names: {@link io.partita.internal.RuntimeMessage}, the catalogue of every exception message
 * the runtime produces. Depends on nothing else of Partita, so every runtime package may use it.
 */
package io.partita.internal;
