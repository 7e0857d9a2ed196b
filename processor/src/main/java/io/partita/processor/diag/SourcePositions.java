package io.partita.processor.diag;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.tools.Diagnostic;

/**
 * Points diagnostics at repeated annotations. javac stores {@code @GsiKey @GsiKey} as one synthesized
 * {@code @GsiKey.List} container, and {@code Messager} cannot map a mirror nested in it back to source,
 * so it would point at the field instead. This finds the n-th written annotation of that type (and the
 * attribute value inside it) through the compiler tree API. Only available on javac; elsewhere
 * {@link #print} returns false and the caller falls back to {@code Messager}.
 */
final class SourcePositions {
    private final Trees trees;

    private SourcePositions(Trees trees) {
        this.trees = trees;
    }

    static SourcePositions create(ProcessingEnvironment env) {
        try {
            return new SourcePositions(Trees.instance(env));
        } catch (RuntimeException | LinkageError notJavac) {
            return new SourcePositions(null);
        }
    }

    /** Prints at the written annotation when {@code annotation} is nested in a repeatable container. */
    boolean print(
            Diagnostic.Kind kind, String text, Element element, AnnotationMirror annotation, AnnotationValue value) {
        if (trees == null || element.getAnnotationMirrors().contains(annotation)) {
            return false;
        }
        int index = indexInContainer(element, annotation);
        TreePath path = trees.getPath(element);
        if (index < 0 || path == null) {
            return false;
        }
        Optional<ModifiersTree> modifiers = modifiersOf(path.getLeaf());
        if (modifiers.isEmpty()) {
            return false;
        }
        String simpleName =
                annotation.getAnnotationType().asElement().getSimpleName().toString();
        List<AnnotationTree> written = new ArrayList<>();
        for (AnnotationTree a : modifiers.get().getAnnotations()) {
            if (simpleName.equals(lastName(a.getAnnotationType()))) {
                written.add(a);
            }
        }
        if (index >= written.size()) {
            return false;
        }
        AnnotationTree tree = written.get(index);
        Tree target = value == null ? tree : valueTree(tree, annotation, value).orElse(tree);
        trees.printMessage(kind, text, target, path.getCompilationUnit());
        return true;
    }

    private static int indexInContainer(Element element, AnnotationMirror nested) {
        for (AnnotationMirror container : element.getAnnotationMirrors()) {
            for (AnnotationValue v : container.getElementValues().values()) {
                if (v.getValue() instanceof List<?> list) {
                    int i = 0;
                    for (Object o : list) {
                        if (o instanceof AnnotationValue av && av.getValue() == nested) {
                            return i;
                        }
                        i++;
                    }
                }
            }
        }
        return -1;
    }

    private static Optional<ModifiersTree> modifiersOf(Tree tree) {
        if (tree instanceof com.sun.source.tree.VariableTree v) {
            return Optional.of(v.getModifiers());
        }
        if (tree instanceof com.sun.source.tree.ClassTree c) {
            return Optional.of(c.getModifiers());
        }
        if (tree instanceof com.sun.source.tree.MethodTree m) {
            return Optional.of(m.getModifiers());
        }
        return Optional.empty();
    }

    /** The expression written for the attribute holding {@code value} (or the element of an array). */
    private static Optional<Tree> valueTree(AnnotationTree tree, AnnotationMirror annotation, AnnotationValue value) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
                annotation.getElementValues().entrySet()) {
            String attribute = e.getKey().getSimpleName().toString();
            int arrayIndex = -1;
            if (e.getValue() != value) {
                if (!(e.getValue().getValue() instanceof List<?> list) || !list.contains(value)) {
                    continue;
                }
                arrayIndex = list.indexOf(value);
            }
            for (ExpressionTree arg : tree.getArguments()) {
                ExpressionTree expr = arg;
                if (arg instanceof AssignmentTree a) {
                    if (!attribute.equals(lastName(a.getVariable()))) {
                        continue;
                    }
                    expr = a.getExpression();
                } else if (!attribute.equals("value")) {
                    continue;
                }
                if (arrayIndex >= 0
                        && expr instanceof NewArrayTree array
                        && arrayIndex < array.getInitializers().size()) {
                    return Optional.of(array.getInitializers().get(arrayIndex));
                }
                return Optional.of(expr);
            }
        }
        return Optional.empty();
    }

    private static String lastName(Tree tree) {
        if (tree instanceof IdentifierTree id) {
            return id.getName().toString();
        }
        if (tree instanceof MemberSelectTree select) {
            return select.getIdentifier().toString();
        }
        return "";
    }
}
