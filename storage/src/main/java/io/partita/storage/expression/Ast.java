package io.partita.storage.expression;

import io.partita.storage.Message;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.AttributeValue.B;
import io.partita.storage.value.AttributeValue.BS;
import io.partita.storage.value.AttributeValue.L;
import io.partita.storage.value.AttributeValue.M;
import io.partita.storage.value.AttributeValue.N;
import io.partita.storage.value.AttributeValue.NS;
import io.partita.storage.value.AttributeValue.S;
import io.partita.storage.value.AttributeValue.SS;
import io.partita.storage.value.Items;
import io.partita.storage.value.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The parsed trees of condition, filter and update expressions, and how DynamoDB evaluates them. Trees are
 * immutable and shared across threads and requests; placeholder values come from the {@link Placeholders}
 * passed to each evaluation.
 */
final class Ast {
    private Ast() {}

    static final String MISSING_OPERAND =
            "The provided expression refers to an attribute that does not exist in the item";
    static final String WRONG_TYPE = "An operand in the update expression has an incorrect data type";

    // ==== operands ===========================================================================================

    /** Something that yields a value; null means "no value" (a missing attribute, or size() of a number). */
    abstract static class Operand {
        abstract AttributeValue eval(Map<String, AttributeValue> item, Placeholders ph);
    }

    static final class PathOperand extends Operand {
        final Path path;

        PathOperand(Path path) {
            this.path = path;
        }

        @Override
        AttributeValue eval(Map<String, AttributeValue> item, Placeholders ph) {
            return path.get(item, ph);
        }
    }

    static final class ValueOperand extends Operand {
        final String ref;

        ValueOperand(String ref) {
            this.ref = ref;
        }

        @Override
        AttributeValue eval(Map<String, AttributeValue> item, Placeholders ph) {
            return ph.value(ref);
        }
    }

    /** size(operand): string and binary lengths in bytes, element counts of sets, lists and maps. */
    static final class SizeOperand extends Operand {
        final Operand arg;

        SizeOperand(Operand arg) {
            this.arg = arg;
        }

        @Override
        AttributeValue eval(Map<String, AttributeValue> item, Placeholders ph) {
            AttributeValue v = arg.eval(item, ph);
            long size;
            if (v instanceof S s) {
                size = Items.utf8Length(s.value());
            } else if (v instanceof B b) {
                size = b.value().length();
            } else if (v instanceof SS ss) {
                size = ss.values().size();
            } else if (v instanceof NS ns) {
                size = ns.values().size();
            } else if (v instanceof BS bs) {
                size = bs.values().size();
            } else if (v instanceof L l) {
                size = l.values().size();
            } else if (v instanceof M m) {
                size = m.values().size();
            } else {
                return null; // missing, or a type without a size (N, BOOL, NULL): comparisons are false
            }
            return AttributeValue.n(size);
        }
    }

    /** if_not_exists(path, operand), in SET. */
    static final class IfNotExists extends Operand {
        final Path path;
        final Operand fallback;

        IfNotExists(Path path, Operand fallback) {
            this.path = path;
            this.fallback = fallback;
        }

        @Override
        AttributeValue eval(Map<String, AttributeValue> item, Placeholders ph) {
            AttributeValue v = path.get(item, ph);
            return v != null ? v : required(fallback.eval(item, ph));
        }
    }

    /** list_append(a, b), in SET: the elements of a then those of b. */
    static final class ListAppend extends Operand {
        final Operand first;
        final Operand second;

        ListAppend(Operand first, Operand second) {
            this.first = first;
            this.second = second;
        }

        @Override
        AttributeValue eval(Map<String, AttributeValue> item, Placeholders ph) {
            AttributeValue a = required(first.eval(item, ph));
            AttributeValue b = required(second.eval(item, ph));
            if (!(a instanceof L la) || !(b instanceof L lb)) {
                throw Message.UpdateOperandWrongType.exception();
            }
            List<AttributeValue> out =
                    new ArrayList<>(la.values().size() + lb.values().size());
            out.addAll(la.values());
            out.addAll(lb.values());
            return new L(java.util.Collections.unmodifiableList(out));
        }
    }

    /** a + b and a - b, in SET: numbers only. */
    static final class Arithmetic extends Operand {
        final boolean plus;
        final Operand left;
        final Operand right;

        Arithmetic(boolean plus, Operand left, Operand right) {
            this.plus = plus;
            this.left = left;
            this.right = right;
        }

        @Override
        AttributeValue eval(Map<String, AttributeValue> item, Placeholders ph) {
            AttributeValue a = required(left.eval(item, ph));
            AttributeValue b = required(right.eval(item, ph));
            if (!(a instanceof N na) || !(b instanceof N nb)) {
                throw Message.UpdateOperandWrongType.exception();
            }
            return new N(Numbers.normalize(
                    plus ? na.value().add(nb.value()) : na.value().subtract(nb.value())));
        }
    }

    static AttributeValue required(AttributeValue v) {
        if (v == null) {
            throw Message.UpdateOperandMissing.exception();
        }
        return v;
    }

    // ==== conditions =========================================================================================

    abstract static class Cond {
        abstract boolean test(Map<String, AttributeValue> item, Placeholders ph);
    }

    /** Marks a parenthesized condition while parsing, to detect DynamoDB's "redundant parentheses". */
    static final class Paren extends Cond {
        final Cond inner;

        Paren(Cond inner) {
            this.inner = inner;
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            return inner.test(item, ph);
        }
    }

    static Cond unwrap(Cond c) {
        return c instanceof Paren p ? p.inner : c;
    }

    static final class And extends Cond {
        final Cond left;
        final Cond right;

        And(Cond left, Cond right) {
            this.left = unwrap(left);
            this.right = unwrap(right);
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            return left.test(item, ph) && right.test(item, ph);
        }
    }

    static final class Or extends Cond {
        final Cond left;
        final Cond right;

        Or(Cond left, Cond right) {
            this.left = unwrap(left);
            this.right = unwrap(right);
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            return left.test(item, ph) || right.test(item, ph);
        }
    }

    static final class Not extends Cond {
        final Cond inner;

        Not(Cond inner) {
            this.inner = unwrap(inner);
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            return !inner.test(item, ph);
        }
    }

    enum Comparator {
        EQ("="),
        NE("<>"),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">=");

        final String symbol;

        Comparator(String symbol) {
            this.symbol = symbol;
        }
    }

    static final class Compare extends Cond {
        final Comparator op;
        final Operand left;
        final Operand right;

        Compare(Comparator op, Operand left, Operand right) {
            this.op = op;
            this.left = left;
            this.right = right;
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            AttributeValue a = left.eval(item, ph);
            AttributeValue b = right.eval(item, ph);
            switch (op) {
                case EQ:
                    return ExpressionValues.equal(a, b);
                case NE:
                    // DynamoDB: a missing attribute is "not equal" to anything.
                    return !ExpressionValues.equal(a, b);
                default:
                    int c = ExpressionValues.compareScalar(a, b);
                    if (c == ExpressionValues.INCOMPARABLE) {
                        return false;
                    }
                    switch (op) {
                        case LT:
                            return c < 0;
                        case LE:
                            return c <= 0;
                        case GT:
                            return c > 0;
                        default:
                            return c >= 0;
                    }
            }
        }
    }

    static final class Between extends Cond {
        final Operand operand;
        final Operand low;
        final Operand high;

        Between(Operand operand, Operand low, Operand high) {
            this.operand = operand;
            this.low = low;
            this.high = high;
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            AttributeValue v = operand.eval(item, ph);
            if (v == null) {
                return false;
            }
            int lo = ExpressionValues.compareScalar(low.eval(item, ph), v);
            if (lo == ExpressionValues.INCOMPARABLE || lo > 0) {
                return false;
            }
            int hi = ExpressionValues.compareScalar(v, high.eval(item, ph));
            return hi != ExpressionValues.INCOMPARABLE && hi <= 0;
        }
    }

    static final class In extends Cond {
        final Operand operand;
        final Operand[] candidates;

        In(Operand operand, Operand[] candidates) {
            this.operand = operand;
            this.candidates = candidates;
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            AttributeValue v = operand.eval(item, ph);
            if (v == null) {
                return false;
            }
            for (Operand c : candidates) {
                if (ExpressionValues.equal(v, c.eval(item, ph))) {
                    return true;
                }
            }
            return false;
        }
    }

    static final class AttributeExists extends Cond {
        final Path path;
        final boolean exists;

        AttributeExists(Path path, boolean exists) {
            this.path = path;
            this.exists = exists;
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            return (path.get(item, ph) != null) == exists;
        }
    }

    static final class AttributeTypeIs extends Cond {
        final Path path;
        final Operand type;

        AttributeTypeIs(Path path, Operand type) {
            this.path = path;
            this.type = type;
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            AttributeValue v = path.get(item, ph);
            return v != null
                    && type.eval(item, ph) instanceof S s
                    && v.type().name().equals(s.value());
        }
    }

    static final class BeginsWith extends Cond {
        final Operand operand;
        final Operand prefix;

        BeginsWith(Operand operand, Operand prefix) {
            this.operand = operand;
            this.prefix = prefix;
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            AttributeValue v = operand.eval(item, ph);
            AttributeValue p = prefix.eval(item, ph);
            if (v instanceof S s && p instanceof S sp) {
                return s.value().startsWith(sp.value());
            }
            if (v instanceof B b && p instanceof B bp) {
                return b.value().startsWith(bp.value());
            }
            return false;
        }
    }

    static final class Contains extends Cond {
        final Operand operand;
        final Operand part;

        Contains(Operand operand, Operand part) {
            this.operand = operand;
            this.part = part;
        }

        @Override
        boolean test(Map<String, AttributeValue> item, Placeholders ph) {
            AttributeValue v = operand.eval(item, ph);
            if (v == null) {
                return false;
            }
            AttributeValue p = part.eval(item, ph);
            if (p == null) {
                return false;
            }
            if (v instanceof S s) {
                return p instanceof S sp && s.value().contains(sp.value());
            }
            if (v instanceof B b) {
                return p instanceof B bp && b.value().contains(bp.value());
            }
            if (v instanceof SS ss) {
                return p instanceof S sp && ss.values().contains(sp.value());
            }
            if (v instanceof NS ns) {
                return p instanceof N np && ns.values().contains(np.value());
            }
            if (v instanceof BS bs) {
                return p instanceof B bp && bs.values().contains(bp.value());
            }
            if (v instanceof L l) {
                for (AttributeValue e : l.values()) {
                    if (ExpressionValues.equal(e, p)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }
}
