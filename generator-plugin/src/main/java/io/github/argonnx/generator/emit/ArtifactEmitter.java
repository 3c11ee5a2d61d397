package io.github.argonnx.generator.emit;

import java.util.List;

/** Emits one kind of artifact (kernels, validators, API, tests, docs) from the spec model. */
public interface ArtifactEmitter {

    /** The files this emitter produces for the selection in {@code context}. */
    List<GeneratedFile> emit(GenerationContext context);
}
