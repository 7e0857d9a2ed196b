package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.TableModel;
import javax.lang.model.element.Modifier;

/**
 * The change-feed surface of a repository whose table has a {@code @ChangeStream}: it implements
 * {@code ChangeSource<T>} with {@code changes()}, {@code changes(StartingPosition)}, {@code changes(Checkpoint)} and
 * {@code changeType()}, each opening the feed through {@code ChangeFeeds}. Repositories of tables without a stream get
 * none of these, so calling {@code changes()} on one does not compile.
 */
final class ChangeFeedMethods {
    private ChangeFeedMethods() {}

    /**
     * Adds the methods to {@code type} when {@code table} has a stream: {@code value} is the feed's value type,
     * {@code opener} the {@code ChangeFeeds} factory, {@code source} its arguments before the position (the database
     * and the mapping, or the database, table and decoder).
     */
    static void add(TypeSpec.Builder type, TableModel table, TypeName value, Member opener, CodeBlock source) {
        if (table.streamView().isEmpty()) {
            return;
        }
        TypeName feed = ParameterizedTypeName.get(Runtime.CHANGE_FEED, value);
        type.addSuperinterface(ParameterizedTypeName.get(Runtime.CHANGE_SOURCE, value));
        type.addMethod(MethodSpec.methodBuilder("changes")
                .addJavadoc(
                        "The changes of table {@code $L} made from now on (its stream's view: $L).\n",
                        table.name(),
                        table.streamView().get())
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(feed)
                .addStatement("return changes($T.$L)", Runtime.STARTING_POSITION, Member.STARTING_POSITION_LATEST)
                .build());
        type.addMethod(MethodSpec.methodBuilder("changes")
                .addJavadoc("The changes of table {@code $L} from {@code start}.\n", table.name())
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(feed)
                .addParameter(Runtime.STARTING_POSITION, "start")
                .addStatement("return $T.$L($L, start)", Runtime.CHANGE_FEEDS, opener, source)
                .build());
        type.addMethod(MethodSpec.methodBuilder("changes")
                .addJavadoc("The changes of table {@code $L} after {@code checkpoint} (at least once).\n", table.name())
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(feed)
                .addParameter(Runtime.CHECKPOINT, "checkpoint")
                .addStatement("return $T.$L($L, checkpoint)", Runtime.CHANGE_FEEDS, opener, source)
                .build());
        type.addMethod(MethodSpec.methodBuilder("changeType")
                .addJavadoc("The type the changes' values are decoded into.\n")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Class.class), value))
                .addStatement("return $T.class", value)
                .build());
    }
}
