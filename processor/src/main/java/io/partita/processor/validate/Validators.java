package io.partita.processor.validate;

import io.partita.processor.DesignLimits;
import java.util.List;

/** The validators of every rule, in the order they run. */
public final class Validators {
    private Validators() {}

    public static List<Validator> all(DesignLimits limits) {
        return List.of(
                new StructureValidator(),
                new NamesValidator(),
                new EntityValidator(),
                new TtlValidator(),
                new ChangeStreamValidator(),
                new PrimaryKeyValidator(),
                new TemplateValidator(),
                new KeyTypeValidator(),
                new ConverterValidator(),
                new IndexValidator(limits),
                new ProjectionValidator(),
                new SharedTableValidator(),
                new ScatterValidator(),
                new AutoValueValidator());
    }
}
