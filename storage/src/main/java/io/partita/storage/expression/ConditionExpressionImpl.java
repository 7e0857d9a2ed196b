package io.partita.storage.expression;

import io.partita.storage.value.AttributeValue;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** A parsed condition or filter expression. */
final class ConditionExpressionImpl extends CompiledExpression implements ConditionExpression {
    private final Ast.Cond root;
    private final Path[] paths;

    ConditionExpressionImpl(Parser parser, Ast.Cond root) {
        super(parser);
        this.root = root;
        this.paths = parser.parsedPaths.toArray(new Path[0]);
    }

    @Override
    public Set<String> topLevelAttributes(Placeholders placeholders) {
        Placeholders ph = prepare(placeholders);
        Set<String> names = new LinkedHashSet<>();
        for (Path p : paths) {
            names.add(p.name(0, ph));
        }
        return names;
    }

    static ConditionExpressionImpl parse(String text, ExpressionKind kind) {
        Parser parser = new Parser(text, kind);
        Ast.Cond root = parser.parseConditionExpression();
        return new ConditionExpressionImpl(parser, root);
    }

    @Override
    public boolean test(Map<String, AttributeValue> item, Placeholders placeholders) {
        Placeholders ph = prepare(placeholders);
        return root.test(item == null ? Map.of() : item, ph);
    }
}
