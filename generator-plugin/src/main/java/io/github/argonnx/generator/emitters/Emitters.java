package io.github.argonnx.generator.emitters;

import io.github.argonnx.generator.emit.ArtifactEmitter;
import io.github.argonnx.generator.emit.Generator;
import io.github.argonnx.generator.emit.api.DataTypeEnumEmitter;
import io.github.argonnx.generator.emit.api.OperatorApiEmitter;
import io.github.argonnx.generator.emit.api.PackageInfoEmitter;
import io.github.argonnx.generator.emit.partials.PartialKeysEmitter;
import io.github.argonnx.generator.emit.partials.PartialReductionEmitter;
import io.github.argonnx.generator.emit.partials.TopKPartialsEmitter;
import io.github.argonnx.generator.emit.api.TensorEmitter;
import io.github.argonnx.generator.emit.api.ValidatorEmitter;
import io.github.argonnx.generator.emit.docs.OperatorDocsEmitter;
import io.github.argonnx.generator.emit.docs.SupportMatrixEmitter;
import io.github.argonnx.generator.emit.kernel.KernelEmitter;
import io.github.argonnx.generator.emit.kernel.VectorLoopEmitter;
import io.github.argonnx.generator.emit.tests.ExampleTestEmitter;
import io.github.argonnx.generator.emit.tests.KernelPropertyTestEmitter;
import io.github.argonnx.generator.emit.topk.TopKExampleTestEmitter;
import io.github.argonnx.generator.emit.topk.PreparedTopKEmitter;
import io.github.argonnx.generator.emit.topk.TopKKernelEmitter;
import io.github.argonnx.generator.emit.topk.TopKOperatorEmitter;
import io.github.argonnx.generator.emit.topk.TopKVectorScreenEmitter;
import java.util.List;

/**
 * The project's emitters, one per kind of artifact: the one class that knows every emitter package,
 * so that the framework ({@code emit}) depends on none of them.
 */
public final class Emitters {

    private Emitters() {}

    /** A generator of every artifact: kernels, validators, API, tests, docs and package docs. */
    public static Generator standard() {
        List<ArtifactEmitter> emitters = List.of(
                new KernelEmitter(),
                new TopKKernelEmitter(),
                new VectorLoopEmitter(),
                new TopKVectorScreenEmitter(),
                new KernelPropertyTestEmitter(),
                new DataTypeEnumEmitter(),
                new TensorEmitter(),
                new ValidatorEmitter(),
                new OperatorApiEmitter(),
                new TopKOperatorEmitter(),
                new PreparedTopKEmitter(),
                new PartialKeysEmitter(),
                new PartialReductionEmitter(),
                new TopKPartialsEmitter(),
                new ExampleTestEmitter(),
                new TopKExampleTestEmitter(),
                new OperatorDocsEmitter(),
                new SupportMatrixEmitter(),
                new PackageInfoEmitter());
        return new Generator(emitters);
    }
}
