package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.RuntimeClasses;
import javax.lang.model.element.Modifier;

/**
 * The runtime's {@code VectorLoopWatch} on each public entry of a SIMD class: the entry declines once
 * its watch is off, and hands the watch the elements of each call, before and after it, so that a
 * compilation that allocates its vectors is found at run time.
 */
enum EntryWatch {
    CONTIGUOUS(KernelContract.REDUCE_CONTIGUOUS, "(long) rows * length"),
    BEATING(KernelContract.FIRST_INDICES_BEATING, "(long) rows * length"),
    STRIDED(KernelContract.REDUCE_STRIDED, "(long) plan.outer() * plan.axisLength() * (columnTo - columnFrom)"),
    FOLD(GeneratedNames.FOLD_ROWS, "plan.inputSize()");

    private final String entry;
    private final String elements;

    EntryWatch(String entry, String elements) {
        this.entry = entry;
        this.elements = elements;
    }

    private String field() {
        return GeneratedNames.entryWatch(entry);
    }

    FieldSpec field(ClassName loops) {
        return FieldSpec.builder(RuntimeClasses.VECTOR_LOOP_WATCH, field(), Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Turns {@code $L} off if the JIT compiles it with its vectors as objects.\n", entry)
                .initializer("$T.of($T.class, $S)", RuntimeClasses.VECTOR_LOOP_WATCH, loops, entry)
                .build();
    }

    /** The condition that the entry declines every call: {@code REDUCE_STRIDED_WATCH.isOff()}. */
    CodeBlock isOff() {
        return CodeBlock.of("$N.isOff()", field());
    }

    /** The statements before the entry's work: the elements it reads, and the watch's mark. */
    CodeBlock before() {
        return CodeBlock.builder()
                .addStatement("long watched = $L", elements)
                .addStatement("long mark = $N.before(watched)", field())
                .build();
    }

    /** The statement after the entry's work. */
    CodeBlock after() {
        return CodeBlock.of("$N.after(mark, watched)", field());
    }
}
