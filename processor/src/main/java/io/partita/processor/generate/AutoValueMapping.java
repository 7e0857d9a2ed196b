package io.partita.processor.generate;

import com.palantir.javapoet.CodeBlock;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.AutoValue;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;

/**
 * The {@code @CreatedAt}/{@code @UpdatedAt}/{@code @Counter} part of an entity's {@code MAPPING}: one builder call
 * per field ({@code .updatedAt("UpdatedAt")}, {@code .counter("Views", 1L, 0L)}); the runtime's
 * {@code EntityRepository} and {@code Update} apply them.
 */
final class AutoValueMapping {
    private AutoValueMapping() {}

    static void add(CodeBlock.Builder b, EntityModel entity) {
        for (FieldModel f : entity.storedFields()) {
            if (f.autoValues().isEmpty()) {
                continue;
            }
            AutoValue a = f.autoValues().get(0);
            boolean instant = f.type().qualifiedName().equals("java.time.Instant");
            switch (a.kind()) {
                case CREATED_AT ->
                    b.add(
                            "\n.$L($S)",
                            instant ? Member.MAPPING_CREATED_AT : Member.MAPPING_CREATED_AT_EPOCH_MILLIS,
                            f.attributeName());
                case UPDATED_AT ->
                    b.add(
                            "\n.$L($S)",
                            instant ? Member.MAPPING_UPDATED_AT : Member.MAPPING_UPDATED_AT_EPOCH_MILLIS,
                            f.attributeName());
                case COUNTER ->
                    b.add("\n.$L($S, $LL, $LL)", Member.MAPPING_COUNTER, f.attributeName(), a.delta(), a.start());
            }
        }
    }
}
