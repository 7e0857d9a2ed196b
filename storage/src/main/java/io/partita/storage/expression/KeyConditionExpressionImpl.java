package io.partita.storage.expression;

import io.partita.storage.Message;
import io.partita.storage.expression.KeyConditionTerm.Operator;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed key condition: terms joined by AND, each comparing one top-level attribute with placeholder values.
 * OR, NOT, IN, {@code <>} and every function but begins_with are rejected as DynamoDB rejects them.
 */
final class KeyConditionExpressionImpl extends CompiledExpression implements KeyConditionExpression {
    /** One term as parsed: the attribute (a name or #placeholder) and the value placeholders. */
    private static final class Term {
        final Path attribute;
        final Operator operator;
        final String low;
        final String high;

        Term(Path attribute, Operator operator, String low, String high) {
            this.attribute = attribute;
            this.operator = operator;
            this.low = low;
            this.high = high;
        }
    }

    private final Term[] terms;

    private KeyConditionExpressionImpl(Parser parser, Term[] terms) {
        super(parser);
        this.terms = terms;
    }

    static KeyConditionExpressionImpl parse(String text) {
        Parser parser = new Parser(text, ExpressionKind.KEY_CONDITION);
        Ast.Cond root = parser.parseConditionExpression();
        List<Term> terms = new ArrayList<>(2);
        flatten(root, terms);
        return new KeyConditionExpressionImpl(parser, terms.toArray(new Term[0]));
    }

    private static RuntimeException invalidOperator(String operator) {
        return Message.KeyConditionOperator.exception(operator);
    }

    /** The terms of an AND tree in source order; anything else is an error. */
    private static void flatten(Ast.Cond c, List<Term> out) {
        if (c instanceof Ast.And and) {
            flatten(and.left, out);
            flatten(and.right, out);
        } else if (c instanceof Ast.Or) {
            throw invalidOperator("OR");
        } else if (c instanceof Ast.Not) {
            throw invalidOperator("NOT");
        } else if (c instanceof Ast.In) {
            throw invalidOperator("IN");
        } else if (c instanceof Ast.Compare cmp) {
            Operator op;
            boolean flip = !(cmp.left instanceof Ast.PathOperand) && cmp.right instanceof Ast.PathOperand;
            switch (cmp.op) {
                case EQ:
                    op = Operator.EQ;
                    break;
                case LT:
                    op = flip ? Operator.GT : Operator.LT;
                    break;
                case LE:
                    op = flip ? Operator.GE : Operator.LE;
                    break;
                case GT:
                    op = flip ? Operator.LT : Operator.GT;
                    break;
                case GE:
                    op = flip ? Operator.LE : Operator.GE;
                    break;
                default:
                    throw invalidOperator(cmp.op.symbol);
            }
            Ast.Operand attr = flip ? cmp.right : cmp.left;
            Ast.Operand value = flip ? cmp.left : cmp.right;
            out.add(new Term(attribute(attr, cmp.op.symbol), op, value(value, cmp.op.symbol), null));
        } else if (c instanceof Ast.Between b) {
            out.add(new Term(
                    attribute(b.operand, "BETWEEN"),
                    Operator.BETWEEN,
                    value(b.low, "BETWEEN"),
                    value(b.high, "BETWEEN")));
        } else if (c instanceof Ast.BeginsWith bw) {
            out.add(new Term(
                    attribute(bw.operand, "begins_with"), Operator.BEGINS_WITH, value(bw.prefix, "begins_with"), null));
        } else if (c instanceof Ast.AttributeExists e) {
            throw invalidOperator(e.exists ? "attribute_exists" : "attribute_not_exists");
        } else if (c instanceof Ast.AttributeTypeIs) {
            throw invalidOperator("attribute_type");
        } else if (c instanceof Ast.Contains) {
            throw invalidOperator("contains");
        } else {
            throw Message.KeyConditionInvalid.exception();
        }
    }

    private static Path attribute(Ast.Operand operand, String operator) {
        if (operand instanceof Ast.SizeOperand) {
            throw invalidOperator("size");
        }
        if (!(operand instanceof Ast.PathOperand p)) {
            throw Message.KeyConditionLeftOperand.exception(operator);
        }
        if (p.path.length() != 1) {
            throw Message.KeyConditionNestedAttribute.exception(p.path);
        }
        return p.path;
    }

    private static String value(Ast.Operand operand, String operator) {
        if (operand instanceof Ast.SizeOperand) {
            throw invalidOperator("size");
        }
        if (!(operand instanceof Ast.ValueOperand v)) {
            throw Message.KeyConditionRightOperand.exception(operator);
        }
        return v.ref;
    }

    @Override
    public List<KeyConditionTerm> terms(Placeholders placeholders) {
        return resolve(prepare(placeholders));
    }

    @Override
    public List<KeyConditionTerm> validatedTerms(Placeholders placeholders) {
        return resolve(placeholders == null ? Placeholders.NONE : placeholders);
    }

    /** The terms with their placeholders resolved ({@code ph} validated against this expression). */
    private List<KeyConditionTerm> resolve(Placeholders ph) {
        if (terms.length == 1) { // a query on its partition key alone: no array to collect one term
            return List.of(resolve(terms[0], ph));
        }
        KeyConditionTerm[] out = new KeyConditionTerm[terms.length];
        for (int i = 0; i < terms.length; i++) {
            Term t = terms[i];
            String name = t.attribute.name(0, ph);
            for (int j = 0; j < i; j++) {
                if (out[j].attribute().equals(name)) {
                    throw Message.KeyConditionOnePerKey.exception();
                }
            }
            out[i] = resolve(t, name, ph);
        }
        return out.length == 2 ? List.of(out[0], out[1]) : List.of(out); // the usual two terms without a copy
    }

    private static KeyConditionTerm resolve(Term t, Placeholders ph) {
        return resolve(t, t.attribute.name(0, ph), ph);
    }

    private static KeyConditionTerm resolve(Term t, String name, Placeholders ph) {
        AttributeValue low = ph.value(t.low);
        AttributeValue high = t.high == null ? null : ph.value(t.high);
        return new KeyConditionTerm(name, t.operator, low, high);
    }
}
