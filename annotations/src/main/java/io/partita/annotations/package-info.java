/**
 * The annotations a Partita user writes on domain classes to describe a DynamoDB-style table,
 * its keys and its secondary indexes.
 *
 * <p>A table is either owned by one entity ({@link io.partita.annotations.Table} on a record or class,
 * keys from {@link io.partita.annotations.PartitionKey}/{@link io.partita.annotations.SortKey} fields)
 * or shared by several entities (single-table design: {@link io.partita.annotations.Table} on an
 * interface, entities join it with {@link io.partita.annotations.Entity} and render their keys from
 * {@link io.partita.annotations.Key} templates).
 *
 * <p>Every annotation has {@code CLASS} retention: the annotation processor reads them at compile
 * time, nothing reads them at run time. This module has no dependencies and must not gain any.
 */
package io.partita.annotations;
