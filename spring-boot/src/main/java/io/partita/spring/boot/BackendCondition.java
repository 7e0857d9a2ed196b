package io.partita.spring.boot;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Set;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches when {@code partita.backend} (relaxed binding, default {@code auto}) is one of the accepted values. */
abstract class BackendCondition extends SpringBootCondition {
    private final Set<PartitaProperties.Backend> accepted;

    BackendCondition(Set<PartitaProperties.Backend> accepted) {
        this.accepted = accepted;
    }

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        PartitaProperties.Backend backend = Binder.get(context.getEnvironment())
                .bind("partita.backend", PartitaProperties.Backend.class)
                .orElse(PartitaProperties.Backend.AUTO);
        return accepted.contains(backend)
                ? ConditionOutcome.match("partita.backend is " + backend)
                : ConditionOutcome.noMatch("partita.backend is " + backend + ", not one of " + accepted);
    }

    /** {@code partita.backend} is {@code auto} or {@code dynamodb}. */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @Conditional(DynamoDb.class)
    @interface OnDynamoDb {}

    /** {@code partita.backend} is {@code dynamodb}. */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @Conditional(DynamoDbOnly.class)
    @interface OnDynamoDbOnly {}

    /** {@code partita.backend} is {@code embedded}. */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @Conditional(EmbeddedOnly.class)
    @interface OnEmbeddedOnly {}

    /** {@code partita.backend} is {@code auto} (the default). */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @Conditional(Auto.class)
    @interface OnAuto {}

    static final class DynamoDb extends BackendCondition {
        DynamoDb() {
            super(Set.of(PartitaProperties.Backend.AUTO, PartitaProperties.Backend.DYNAMODB));
        }
    }

    static final class DynamoDbOnly extends BackendCondition {
        DynamoDbOnly() {
            super(Set.of(PartitaProperties.Backend.DYNAMODB));
        }
    }

    static final class EmbeddedOnly extends BackendCondition {
        EmbeddedOnly() {
            super(Set.of(PartitaProperties.Backend.EMBEDDED));
        }
    }

    static final class Auto extends BackendCondition {
        Auto() {
            super(Set.of(PartitaProperties.Backend.AUTO));
        }
    }
}
