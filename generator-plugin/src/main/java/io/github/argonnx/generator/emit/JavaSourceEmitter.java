package io.github.argonnx.generator.emit;

import com.palantir.javapoet.TypeSpec;
import java.util.List;

/**
 * Base of the emitters that write Java source. A subclass says which types to write and what each
 * was generated from; this class stamps every one with the same provenance twice, in the file header
 * ({@link JavaSources#file}) and in the {@code @Generated} annotation the build asked for.
 */
public abstract class JavaSourceEmitter implements ArtifactEmitter {

    /**
     * One Java type to write.
     *
     * @param kind which output root the file goes to
     * @param packageName the type's package
     * @param type the type, still open so that its annotation can be added
     * @param provenance what it was generated from, for example {@code "ArgMax.yaml (ArgMax-13, float)"}
     */
    public record JavaSource(GeneratedFile.Kind kind, String packageName, TypeSpec.Builder type, String provenance) {}

    /** The Java types this emitter writes for the selection in {@code context}. */
    protected abstract List<JavaSource> sources(GenerationContext context);

    @Override
    public final List<GeneratedFile> emit(GenerationContext context) {
        return sources(context).stream().map(source -> file(context, source)).toList();
    }

    private static GeneratedFile file(GenerationContext context, JavaSource source) {
        context.generatedAnnotation()
                .annotation(GenerationContext.GENERATOR_NAME, source.provenance())
                .ifPresent(source.type()::addAnnotation);
        return JavaSources.file(source.kind(), source.packageName(), source.type().build(), source.provenance());
    }
}
