package io.github.argonnx.generator.emit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs emitters over the selection and returns their files in a stable order. The project's emitters
 * are listed in {@code io.github.argonnx.generator.emitters.Emitters}, outside this framework package.
 */
public final class Generator {

    private final List<ArtifactEmitter> emitters;

    public Generator(List<ArtifactEmitter> emitters) {
        this.emitters = List.copyOf(emitters);
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
