package io.partita.processor.model;

/**
 * One {@code @ChangeStream} on a table's declaring type or on one of its entities.
 *
 * @param view the stream view type's name ({@code KEYS_ONLY}, {@code NEW_IMAGE}, {@code OLD_IMAGE},
 *     {@code NEW_AND_OLD_IMAGES})
 * @param declaringType the simple name of the type carrying it
 * @param origin the annotation
 */
public record StreamDeclaration(String view, String declaringType, Origin origin) {}
