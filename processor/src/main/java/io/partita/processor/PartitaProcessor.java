package io.partita.processor;

import com.google.auto.service.AutoService;
import io.partita.processor.design.DesignRecorder;
import io.partita.processor.design.MigrationPlanGenerator;
import io.partita.processor.diag.Diagnostics;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.extract.AnnotationNames;
import io.partita.processor.extract.Mirrors;
import io.partita.processor.extract.ModelExtractor;
import io.partita.processor.extract.RequiredValues;
import io.partita.processor.extract.Unresolved;
import io.partita.processor.generate.Generator;
import io.partita.processor.generate.ReportGenerator;
import io.partita.processor.generate.RepositoryGenerator;
import io.partita.processor.model.Origin;
import io.partita.processor.model.TableModel;
import io.partita.processor.validate.Validator;
import io.partita.processor.validate.Validators;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/**
 * Partita's annotation processor: for every table, extract the model, validate it into a report, and
 * generate repositories only from a clean report.
 *
 * <p>A single-entity table ({@code @Table} on a record or class) is one unit of work. A shared table is
 * one unit over its interface and every {@code @Entity} naming it seen so far, because its rules span
 * entities (distinct types, colliding keys, ambiguous overloads); it is validated again when a later round
 * adds entities, and {@link Diagnostics} prints each problem once. That cross-type dependency is why the
 * Gradle incremental category is {@code aggregating}.
 *
 * <p>A unit referencing a type that did not resolve is deferred to the next round (it may be generated);
 * if it never resolves, javac reports the missing type and this processor adds a note. Any exception while
 * handling a unit is reported as {@code [InternalError]} on its element; javac never sees it.
 */
@AutoService(Processor.class)
public final class PartitaProcessor extends AbstractProcessor {
    private static final String TABLE = AnnotationNames.TABLE;
    private static final String ENTITY = AnnotationNames.ENTITY;

    private final List<Validator> extraValidators;
    private List<Generator> generators = List.of();
    private RepositoryGenerator repositories;
    private DesignRecorder design;

    private Diagnostics diagnostics;
    private ModelExtractor extractor;
    private List<Validator> validators;
    /** Types to retry next round, with the reference that did not resolve (empty: retried with another, no note). */
    private Map<String, Optional<Phrase.Text>> deferred = new LinkedHashMap<>();
    /** Shared-table interface -> its entity types seen so far. */
    private final Map<String, Set<String>> sharedTables = new LinkedHashMap<>();

    public PartitaProcessor() {
        this(List.of());
    }

    /** For tests: additional validators run after the standard ones. */
    PartitaProcessor(List<Validator> extraValidators) {
        this.extraValidators = List.copyOf(extraValidators);
    }

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        diagnostics = new Diagnostics(env);
        extractor = new ModelExtractor(env.getTypeUtils(), env.getElementUtils());
        List<Validator> all = new ArrayList<>(Validators.all(DesignLimits.fromOptions(env.getOptions(), diagnostics)));
        all.addAll(extraValidators);
        validators = List.copyOf(all);
        repositories = new RepositoryGenerator(env, diagnostics);
        design = new DesignRecorder(env.getElementUtils());
        Optional<String> baseline = Optional.ofNullable(env.getOptions().get(DesignLimits.BASELINE_OPTION));
        generators = List.of(
                repositories,
                new ReportGenerator(),
                design,
                new MigrationPlanGenerator(env.getElementUtils(), baseline));
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(TABLE, ENTITY, AnnotationNames.CHANGE_STREAM);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return DesignLimits.OPTIONS;
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        try {
            if (round.processingOver()) {
                deferred.entrySet().removeIf(e -> e.getValue().isEmpty());
                deferred.forEach((type, why) -> diagnostics.report(
                        Rule.UnresolvedType,
                        Optional.ofNullable(processingEnv.getElementUtils().getTypeElement(type))
                                .map(Origin::of)
                                .orElse(null),
                        type,
                        why.orElseThrow()));
                deferred.clear();
                repositories.index().write(processingEnv.getFiler());
                design.finish(
                        Optional.ofNullable(processingEnv.getOptions().get(DesignLimits.BASELINE_OPTION)),
                        processingEnv.getFiler(),
                        diagnostics);
            } else {
                processRound(round);
            }
        } catch (Throwable t) {
            diagnostics.report(Rule.InternalError, null, Phrase.THIS_ROUND.with(), t, trace(t));
        }
        return false; // never claim: other processors may read Partita's annotations too
    }

    private void processRound(RoundEnvironment round) {
        Set<TypeElement> candidates = new LinkedHashSet<>();
        Map<String, Optional<Phrase.Text>> retry = deferred;
        deferred = new LinkedHashMap<>();
        retry.keySet()
                .forEach(name -> Optional.ofNullable(
                                processingEnv.getElementUtils().getTypeElement(name))
                        .ifPresent(candidates::add));
        for (String annotation : List.of(TABLE, ENTITY)) {
            TypeElement a = processingEnv.getElementUtils().getTypeElement(annotation);
            if (a != null) {
                candidates.addAll(ElementFilter.typesIn(round.getElementsAnnotatedWith(a)));
            }
        }
        misplacedChangeStreams(round);
        List<TypeElement> singles = new ArrayList<>();
        Set<String> touched = new LinkedHashSet<>();
        for (TypeElement type : candidates) {
            try {
                classify(type, singles, touched);
            } catch (Throwable t) {
                internalError(type, t);
            }
        }
        for (TypeElement type : singles) {
            unit(type, List.of(type), false);
        }
        for (String name : touched) {
            TypeElement table = processingEnv.getElementUtils().getTypeElement(name);
            List<TypeElement> entities = sharedTables.getOrDefault(name, Set.of()).stream()
                    .map(n -> processingEnv.getElementUtils().getTypeElement(n))
                    .filter(e -> e != null)
                    .toList();
            List<TypeElement> involved = new ArrayList<>(entities);
            involved.add(0, table);
            unit(table, involved, true);
        }
    }

    /** Reports each {@code @ChangeStream} on a type that declares no table (it would be ignored). */
    private void misplacedChangeStreams(RoundEnvironment round) {
        TypeElement a = processingEnv.getElementUtils().getTypeElement(AnnotationNames.CHANGE_STREAM);
        if (a == null) {
            return;
        }
        for (TypeElement type : ElementFilter.typesIn(round.getElementsAnnotatedWith(a))) {
            if (!has(type, TABLE) && !has(type, ENTITY)) {
                diagnostics.report(
                        Rule.ChangeStreamWithoutTable,
                        Mirrors.find(type, AnnotationNames.CHANGE_STREAM)
                                .map(m -> Origin.of(type, m))
                                .orElse(Origin.of(type)),
                        type.getSimpleName());
            }
        }
    }

    /** Sorts a candidate into single-entity tables and shared tables, reporting types that are neither. */
    private void classify(TypeElement type, List<TypeElement> singles, Set<String> touched) {
        if (RequiredValues.missing(type, diagnostics)) {
            return;
        }
        boolean table = has(type, TABLE);
        boolean entity = has(type, ENTITY);
        if (table && entity) {
            diagnostics.report(
                    Rule.MisplacedAnnotation, Origin.of(type), Phrase.TABLE_AND_ENTITY.with(type.getSimpleName()));
            return;
        }
        if (table) {
            switch (type.getKind()) {
                case INTERFACE -> {
                    touched.add(type.getQualifiedName().toString());
                    sharedTables.computeIfAbsent(type.getQualifiedName().toString(), k -> new LinkedHashSet<>());
                }
                case RECORD, CLASS -> singles.add(type);
                default ->
                    diagnostics.report(
                            Rule.MisplacedAnnotation,
                            Origin.of(type),
                            Phrase.TABLE_ON_OTHER_KIND.with(type.getSimpleName(), kindName(type.getKind())));
            }
            return;
        }
        Optional<TypeElement> tableType = extractor.entityTable(type);
        if (tableType.isEmpty()) {
            deferred.put(type.getQualifiedName().toString(), Optional.of(Phrase.ENTITY_TABLE_CLASS.with()));
            return;
        }
        TypeElement t = tableType.get();
        if (t.getKind() != ElementKind.INTERFACE || !has(t, TABLE)) {
            diagnostics.report(
                    Rule.NotASharedTable,
                    Origin.of(type),
                    t.getSimpleName(),
                    (has(t, TABLE) ? Phrase.SINGLE_ENTITY_TABLE_NAMED : Phrase.NO_TABLE_NAMED).with(t.getSimpleName()));
            return;
        }
        String name = t.getQualifiedName().toString();
        sharedTables
                .computeIfAbsent(name, k -> new LinkedHashSet<>())
                .add(type.getQualifiedName().toString());
        touched.add(name);
    }

    /** One table: defer if unresolved, else extract -> validate -> generate. Never throws. */
    private void unit(TypeElement anchor, List<TypeElement> involved, boolean shared) {
        try {
            for (TypeElement t : involved) {
                Optional<Phrase.Text> missing = Unresolved.in(t);
                if (missing.isPresent()) {
                    // Only the type with the unresolved reference gets a note if it never resolves; the others of
                    // its shared table are retried with it.
                    involved.forEach(i ->
                            deferred.putIfAbsent(i.getQualifiedName().toString(), i == t ? missing : Optional.empty()));
                    deferred.put(t.getQualifiedName().toString(), missing);
                    return;
                }
            }
            ValidationReport report = new ValidationReport();
            TableModel model = shared
                    ? extractor.sharedTable(anchor, involved.subList(1, involved.size()), report)
                    : extractor.singleEntityTable(anchor, report);
            for (Validator v : validators) {
                v.validate(model, report);
            }
            diagnostics.print(report);
            if (!report.hasErrors()) {
                for (Generator g : generators) {
                    g.generate(model, processingEnv.getFiler());
                }
            } else {
                design.failed(model.name());
            }
        } catch (Throwable t) {
            internalError(anchor, t);
        }
    }

    private void internalError(Element element, Throwable t) {
        diagnostics.report(Rule.InternalError, Origin.of(element), element, t, trace(t));
    }

    private static String trace(Throwable t) {
        return Arrays.stream(t.getStackTrace())
                .limit(8)
                .map(StackTraceElement::toString)
                .collect(Collectors.joining(" <- "));
    }

    private static boolean has(Element e, String annotation) {
        return e.getAnnotationMirrors().stream()
                .anyMatch(m -> ((TypeElement) m.getAnnotationType().asElement())
                        .getQualifiedName()
                        .contentEquals(annotation));
    }

    private static Object kindName(ElementKind kind) {
        return switch (kind) {
            case ENUM -> Phrase.AN_ENUM.with();
            case ANNOTATION_TYPE -> Phrase.AN_ANNOTATION_TYPE.with();
            default -> kind.name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
