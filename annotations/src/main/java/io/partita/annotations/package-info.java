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
 *
 * <p>Elements a design needs ({@code @Table(name)}, {@code @GsiKey(index)}, {@code @Entity(table, type)}, ...)
 * have a placeholder default only so that a mistake in one annotation (say {@code @GsiKey(name = ...)}) is an
 * error {@code javac} can recover from: the processor then still runs, generates the repositories of every
 * other entity, and reports the missing element itself ({@code [MissingAnnotationValue]}). Always set them.
 */
package io.partita.annotations;
