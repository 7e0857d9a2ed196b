package io.partita.partiql;

import io.partita.partiql.DynamoDbPartiQLParser.ValueContext;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The document literals of a statement, read from the parse tree into {@link Ast.Value} trees. */
final class Values {
    private final StatementParser parser;

    Values(StatementParser parser) {
        this.parser = parser;
    }

    Ast.Value value(ValueContext c) {
        if (c instanceof DynamoDbPartiQLParser.ParameterValueContext) {
            return new Ast.Parameter(parser.nextParameter());
        }
        if (c instanceof DynamoDbPartiQLParser.StringValueContext s) {
            return new Ast.Literal(AttributeValue.s(string(s.STRING().getText())));
        }
        if (c instanceof DynamoDbPartiQLParser.NumberValueContext n) {
            return new Ast.Literal(AttributeValue.n(n.getText()));
        }
        if (c instanceof DynamoDbPartiQLParser.BooleanValueContext b) {
            return new Ast.Literal(AttributeValue.bool(b.TRUE() != null));
        }
        if (c instanceof DynamoDbPartiQLParser.NullValueContext) {
            return new Ast.Literal(AttributeValue.nul());
        }
        if (c instanceof DynamoDbPartiQLParser.MapValueContext m) {
            Map<String, Ast.Value> entries = new LinkedHashMap<>();
            for (int i = 0; i < m.STRING().size(); i++) {
                String key = string(m.STRING(i).getText());
                if (entries.put(key, value(m.value(i))) != null) {
                    throw StatementParser.malformed("Duplicate key in a tuple: " + key);
                }
            }
            return new Ast.MapValue(entries);
        }
        if (c instanceof DynamoDbPartiQLParser.ListValueContext l) {
            return new Ast.ListValue(values(l.value()));
        }
        return new Ast.SetValue(values(((DynamoDbPartiQLParser.SetValueLiteralContext) c).value()));
    }

    private List<Ast.Value> values(List<ValueContext> contexts) {
        List<Ast.Value> out = new ArrayList<>(contexts.size());
        for (ValueContext v : contexts) {
            out.add(value(v));
        }
        return out;
    }

    /** A {@code 'quoted'} string's text ({@code ''} stands for one quote). */
    static String string(String token) {
        return token.substring(1, token.length() - 1).replace("''", "'");
    }
}
