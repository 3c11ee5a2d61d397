package io.github.argonnx.generator.emit;

import io.github.argonnx.generator.emit.api.DataTypeEnumEmitter;
import io.github.argonnx.generator.emit.api.OperatorApiEmitter;
import io.github.argonnx.generator.emit.api.PackageInfoEmitter;
import io.github.argonnx.generator.emit.api.TensorEmitter;
import io.github.argonnx.generator.emit.api.ValidatorEmitter;
import io.github.argonnx.generator.emit.docs.OperatorDocsEmitter;
import io.github.argonnx.generator.emit.docs.SupportMatrixEmitter;
import io.github.argonnx.generator.emit.kernel.KernelEmitter;
import io.github.argonnx.generator.emit.kernel.VectorLoopEmitter;
import io.github.argonnx.generator.emit.partials.PartialKeysEmitter;
import io.github.argonnx.generator.emit.partials.PartialReductionEmitter;
import io.github.argonnx.generator.emit.tests.ExampleTestEmitter;
import io.github.argonnx.generator.emit.tests.KernelPropertyTestEmitter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Runs every emitter over the selection and returns their files in a stable order. */
public final class Generator {

    private final List<ArtifactEmitter> emitters;

    public Generator(List<ArtifactEmitter> emitters) {
        this.emitters = List.copyOf(emitters);
    }

    /** The project's emitters: kernels, validators, API, tests, docs and package docs. */
    public static Generator standard() {
        return new Generator(List.of(
                // Emitters are registered here, one per kind of artifact.
                new KernelEmitter(),
                new VectorLoopEmitter(),
                new KernelPropertyTestEmitter(),
                new DataTypeEnumEmitter(),
                new TensorEmitter(),
                new ValidatorEmitter(),
                new OperatorApiEmitter(),
                new PartialKeysEmitter(),
                new PartialReductionEmitter(),
                new ExampleTestEmitter(),
                new OperatorDocsEmitter(),
                new SupportMatrixEmitter(),
                new PackageInfoEmitter()
        ));
    }

    /** All files for the selection, sorted by kind and path; fails if two emitters claim one path. */
    public List<GeneratedFile> generate(GenerationContext context) {
        List<GeneratedFile> files = new ArrayList<>();
        for (ArtifactEmitter emitter : emitters) {
            files.addAll(emitter.emit(context));
        }
        files.sort(Comparator.comparing(GeneratedFile::kind).thenComparing(GeneratedFile::relativePath));
        Set<String> seen = new HashSet<>();
        for (GeneratedFile f : files) {
            if (!seen.add(f.kind() + ":" + f.relativePath())) {
                throw new IllegalStateException("two emitters generate " + f.relativePath());
            }
        }
        return files;
    }
}
