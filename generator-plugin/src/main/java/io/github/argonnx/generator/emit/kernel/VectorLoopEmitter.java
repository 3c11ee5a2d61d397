package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.emit.KernelTarget;
import io.github.argonnx.generator.java.ExtremumSyntax;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.java.VectorForm;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * Emits the Vector API loops of each kernel that has any: {@code ArgMaxFloatVectorLoops} for
 * {@code ArgMaxFloatKernel}, and so on, as {@link GeneratedFile.Kind#VECTOR_SOURCE} files.
 *
 * <p>Each class implements the runtime's {@code VectorizedArgReduction} for the kernel's storage array.
 * The kernel names the class as a string and the runtime's {@code VectorSupport.load} instantiates it only when the
 * JVM has {@code jdk.incubator.vector}, so the kernels never link against the incubator module. Every
 * type gets loops for both layouts; the vector class and how lanes compare come from
 * {@link VectorForm}, the contiguous row loop from {@link SliceVectorLoop}.
 */
public final class VectorLoopEmitter extends JavaSourceEmitter {

    /** Vectors per block of a contiguous row: one comparison with the running best per block. */
    static final int BLOCK_VECTORS = 16;

    private static final String SPECIES = GeneratedNames.SPECIES;
    private static final String LANES = GeneratedNames.LANES;
    private static final String BLOCK = GeneratedNames.BLOCK;

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (KernelTarget target : context.kernelsToGenerate(OperatorFamily.ARG_REDUCTION)) {
            files.add(new JavaSource(GeneratedFile.Kind.VECTOR_SOURCE, context.names().vectorPackage(),
                    new LoopClass(context, target).build(), target.provenance(context)));
        }
        return files;
    }

    /** Builds one SIMD class; holds what its methods share. */
    private static final class LoopClass {
        private final GenerationContext context;
        private final Extremum extremum;
        private final ExtremumSyntax syntax;
        private final ElementType type;
        private final VectorForm form;
        private final TypeName key;
        private final TypeName array;
        /** The lane-wise method of the extremum: {@code max} or {@code min}. */
        private final String lanewise;

        LoopClass(GenerationContext context, KernelTarget target) {
            this.context = context;
            this.extremum = target.extremum();
            this.syntax = ExtremumSyntax.of(extremum);
            this.type = target.type();
            this.form = VectorForm.of(type);
            this.key = form.keyType();
            this.array = JavaStorage.of(type).arrayType();
            this.lanewise = syntax.lanewise();
        }

        TypeSpec.Builder build() {
            ClassName name = context.names().vectorLoopsClass(extremum, type);
            TypeSpec.Builder loops = TypeSpec.classBuilder(name)
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .addSuperinterface(ParameterizedTypeName.get(RuntimeClasses.VECTORIZED_ARG_REDUCTION, array))
                    .addJavadoc(classDoc());
            loops.addField(FieldSpec.builder(form.speciesType(), SPECIES, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Vectors of the size the runtime chose once, at startup: not the CPU's preferred size, which\n"
                            + "can be slower ({@code io.github.argonnx.internal.runtime.VectorSupport.vectorBitSize()}).\n")
                    .initializer(form.species())
                    .build());
            loops.addField(FieldSpec.builder(TypeName.INT, LANES, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$N.length()", SPECIES)
                    .build());
            loops.addField(FieldSpec.builder(TypeName.INT, BLOCK, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Elements per block of a row: a block's lane-wise $L costs one comparison with the best so far.\n",
                            lanewise)
                    .initializer("$L * $N", BLOCK_VECTORS, LANES)
                    .build());
            loops.addField(FieldSpec.builder(TypeName.INT, GeneratedNames.MIN_ROW_LENGTH, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Rows shorter than one block are left to the kernel's scalar loop: they have no block to\n"
                            + "read as vectors. From one block on, a block's comparisons cost less than its elements' scalar ones.\n")
                    .initializer("$N", BLOCK)
                    .build());
            ColumnVectorLoop columnLoop = new ColumnVectorLoop(type, extremum);
            columnLoop.constants().forEach(loops::addField);
            for (EntryWatch watch : EntryWatch.values()) {
                loops.addField(watch.field(name));
            }
            form.keyConstants().forEach(loops::addField);
            loops.addMethod(MethodSpec.constructorBuilder()
                    .addJavadoc("Called by {@code io.github.argonnx.internal.runtime.VectorSupport.load}, only when the JVM has the Vector API.\n")
                    .addModifiers(Modifier.PUBLIC)
                    .build());
            loops.addMethod(MethodSpec.methodBuilder("arrayType")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ParameterizedTypeName.get(ClassName.get(Class.class), array))
                    .addStatement("return $T.class", array)
                    .build());
            SliceVectorLoop rowLoop = new SliceVectorLoop(type, extremum);
            loops.addMethod(reduceContiguous());
            loops.addMethod(rowLoop.loop(false));
            loops.addMethod(rowLoop.loop(true));
            loops.addMethod(rowLoop.blockSearch(false));
            loops.addMethod(rowLoop.blockSearch(true));
            loops.addMethod(firstIndicesBeating());
            loops.addMethod(rowLoop.beatingLoop());
            columnLoop.methods().forEach(loops::addMethod);
            if (form.testsNaN()) {
                loops.addMethod(SliceVectorLoop.knownNaNSearch(type, false));
                loops.addMethod(SliceVectorLoop.knownNaNSearch(type, true));
            }
            form.keyMethods(extremum).forEach(loops::addMethod);
            return loops;
        }

        private CodeBlock keys(String index) {
            return form.keysAt(index);
        }

        private CodeBlock classDoc() {
            CodeBlock.Builder doc = CodeBlock.builder()
                    .add("The Vector API loops of {@code $L}: $L over $L elements, a vector of\n",
                            context.names().kernelClass(extremum, type).simpleName(), extremum.operatorName(), type.onnxName())
                    .add("elements at a time, with exactly the indices of the kernel's scalar loops.\n")
                    .add("\n<p>Compiled apart from the kernels, with {@code jdk.incubator.vector}, and instantiated by\n")
                    .add("{@code io.github.argonnx.internal.runtime.VectorSupport.load} only when the JVM has that module; the kernel\n")
                    .add("runs its scalar loops")
                    .add(" when this class is absent or declines.\n")
                    .add("\n<p>$L\n", form.description());
            doc.add("\n<p>Contiguous rows ({@code inner == 1}) are all reduced in one call, so that the row loop and the\n")
                    .add("vector operations compile as one unit. A row is read in blocks; the first block's lane-wise\n")
                    .add("$L, reduced across lanes, is the first best; after it, only a block whose lane-wise $L\n",
                            lanewise, lanewise)
                    .add("beats the best so far is reduced, and at the end only the block that first\n")
                    .add("reached the best is read again, for the lane that holds it. For the last index, a block that\n")
                    .add("ties the best also replaces it, and that block is searched from its end.\n");
            doc.add("A row searched against a rival (a stream's chunk after its running bests) starts from the\n")
                    .add("rival's key instead of its first block, and gives -1 where no block beats it.\n");
            if (form.screensMagnitudes()) {
                doc.add("Once the best is zero or $L, a block is first read as the magnitudes of its bits (the sign\n",
                                extremum.comparative())
                        .add("cleared), and compared by keys only when one of them passes the best's magnitude.\n");
            }
            doc.add(ColumnVectorLoop.classDoc());
            return doc.build();
        }

        // ---- contiguous rows --------------------------------------------------------------------

        /**
         * A public entry for contiguous rows, {@code (data, offset, rows, length)} and {@code more}, that
         * declines rows shorter than a block and every call once {@code watch} is off; the caller adds
         * its statements after that check and the watch's mark, and the watch's {@code after} at the end.
         */
        private MethodSpec.Builder rowEntry(String name, EntryWatch watch, ParameterSpec... more) {
            MethodSpec.Builder m = MethodSpec.methodBuilder(name)
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(TypeName.BOOLEAN)
                    .addParameter(array, "data")
                    .addParameter(TypeName.INT, "offset")
                    .addParameter(TypeName.INT, "rows")
                    .addParameter(TypeName.INT, "length")
                    .addParameters(List.of(more));
            return m.beginControlFlow("if (length < $N || $L)", GeneratedNames.MIN_ROW_LENGTH, watch.isOff())
                    .addStatement("return false")
                    .endControlFlow()
                    .addCode(watch.before());
        }

        private static ParameterSpec parameter(Class<?> type, String name) {
            return ParameterSpec.builder(type, name).build();
        }

        private MethodSpec firstIndicesBeating() {
            return rowEntry(KernelContract.FIRST_INDICES_BEATING, EntryWatch.BEATING, parameter(long[].class, "rivalBits"),
                            parameter(long[].class, "out"))
                    .addStatement("$N(data, offset, rows, length, rivalBits, out)", GeneratedNames.INDICES_BEATING_IN_ROWS)
                    .addStatement(EntryWatch.BEATING.after())
                    .addStatement("return true")
                    .build();
        }

        private MethodSpec reduceContiguous() {
            return rowEntry(KernelContract.REDUCE_CONTIGUOUS, EntryWatch.CONTIGUOUS, parameter(boolean.class, "selectLastIndex"),
                            parameter(long[].class, "out"), parameter(int.class, "outOffset"))
                    .beginControlFlow("if (selectLastIndex)")
                    .addStatement("$N(data, offset, rows, length, out, outOffset)", GeneratedNames.indicesInRows(true))
                    .nextControlFlow("else")
                    .addStatement("$N(data, offset, rows, length, out, outOffset)", GeneratedNames.indicesInRows(false))
                    .endControlFlow()
                    .addStatement(EntryWatch.CONTIGUOUS.after())
                    .addStatement("return true")
                    .build();
        }
    }
}
