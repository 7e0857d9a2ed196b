package io.partita.processor.model;

import java.util.Optional;

/** An entity's {@code @Key(pk, sk)} templates (shared tables). */
public record KeyDeclaration(KeyTemplate partition, Optional<KeyTemplate> sort, Origin origin) {}
