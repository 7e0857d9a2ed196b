package io.partita.partiql;

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Binds a statement's {@code ?} parameters: turns {@link Ast.Value} trees into attribute values. */
final class Bind {
    private final List<AttributeValue> parameters;

    /**
     * Checks the count first, before any table is read: fewer parameters than {@code ?} are an error; more are
     * ignored, as DynamoDB Local ignores them.
     */
    Bind(List<AttributeValue> parameters, int expected) {
        this.parameters = parameters == null ? List.of() : parameters;
        if (this.parameters.size() < expected) {
            throw new ValidationException("Number of parameters in request and statement don't match.");
        }
    }

    AttributeValue value(Ast.Value v) {
        if (v instanceof Ast.Literal l) {
            return l.value();
        }
        if (v instanceof Ast.Parameter p) {
            return parameters.get(p.index());
        }
        if (v instanceof Ast.MapValue m) {
            Map<String, AttributeValue> out = new LinkedHashMap<>();
            m.entries().forEach((k, e) -> out.put(k, value(e)));
            return AttributeValue.m(out);
        }
        if (v instanceof Ast.ListValue l) {
            List<AttributeValue> out = new ArrayList<>();
            for (Ast.Value e : l.elements()) {
                out.add(value(e));
            }
            return AttributeValue.l(out);
        }
        return set((Ast.SetValue) v);
    }

    /** An item: the value must be a tuple ({@code {...}}). */
    Map<String, AttributeValue> item(Ast.Value v) {
        AttributeValue a = value(v);
        if (!(a instanceof AttributeValue.M m)) {
            throw new ValidationException(StatementParser.MALFORMED + "The VALUE of an INSERT must be a tuple");
        }
        return m.values();
    }

    private AttributeValue set(Ast.SetValue v) {
        List<AttributeValue> elements = new ArrayList<>();
        for (Ast.Value e : v.elements()) {
            elements.add(value(e));
        }
        if (elements.isEmpty()) {
            throw new ValidationException("One or more parameter values were invalid: An string set  may not be empty");
        }
        AttributeType type = elements.get(0).type();
        for (AttributeValue e : elements) {
            if (e.type() != type || !type.isScalarKeyType()) {
                throw new ValidationException(StatementParser.MALFORMED
                        + "A set holds strings, numbers or binaries of one type, not " + e.type());
            }
        }
        switch (type) {
            case S -> {
                Set<String> out = new LinkedHashSet<>();
                elements.forEach(e -> out.add(e.asS()));
                return AttributeValue.ss(out);
            }
            case N -> {
                Set<BigDecimal> out = new LinkedHashSet<>();
                elements.forEach(e -> out.add(((AttributeValue.N) e).value()));
                return AttributeValue.ns(out);
            }
            default -> {
                Set<Bytes> out = new LinkedHashSet<>();
                elements.forEach(e -> out.add(e.asB()));
                return AttributeValue.bs(out);
            }
        }
    }
}
