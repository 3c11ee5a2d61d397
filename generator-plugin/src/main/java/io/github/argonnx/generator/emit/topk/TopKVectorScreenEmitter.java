package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.emit.KernelTarget;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.java.VectorForm;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits the Vector API screen of each TopK kernel's contiguous slices and outer axes: {@code TopKFloatVectorScreen}
 * for {@code TopKFloatKernel}, and so on, as {@link GeneratedFile.Kind#VECTOR_SOURCE} files.
 *
 * <p>Each class implements the runtime's {@code VectorizedTopKScreen} for the kernel's storage array. Its
 * {@code nextBeating} compares a whole vector with the broadcast k-th best, in the form of the kernel's scalar
 * screen ({@code !(x <= kth)} for floats, so that NaN passes and -0 ties +0; keys of the storage width from
 * {@link VectorForm} for the unsigned types and the 16-bit floats, NaN the largest), and stops only at a vector
 * where some lane passes, at that vector's first such lane. The kernel then offers that element to its buffer,
 * whose test of order keys decides whether it enters: the screen only rules out elements that cannot.
 *
 * <p>Along an outer axis, {@code nextColumnBeating} compares a vector of one row's columns with those columns' k-th
 * best elements, a row the kernel keeps of them ({@code bounds}), in the same form, and stops at the first column
 * that passes; the kernel's order keys decide again.
 *
 * <p>The vector loops are small methods of their own, one per direction, so that C2 compiles their vectors
 * as registers; the runtime's {@code VectorLoopWatch} turns the screen off if it finds them allocated.
 */
public final class TopKVectorScreenEmitter extends JavaSourceEmitter {

    /** Vectors a slice must have after its first k to be screened here: a shorter rest is the scalar screen's. */
    static final int MIN_VECTORS = 4;

    private static final String SPECIES = GeneratedNames.SPECIES;
    private static final String LANES = GeneratedNames.LANES;
    private static final String MIN_SCREENED = "MIN_SCREENED";
    private static final String ABOVE = "firstAbove";
    private static final String BELOW = "firstBelow";
    private static final String NEXT_COLUMN = "nextColumnBeating";
    private static final String COLUMN_ABOVE = "firstColumnAbove";
    private static final String COLUMN_BELOW = "firstColumnBelow";

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (KernelTarget target : context.kernelsToGenerate(OperatorFamily.TOP_K)) {
            files.add(new JavaSource(GeneratedFile.Kind.VECTOR_SOURCE, context.names().vectorPackage(),
                    screen(context, target.type()), target.provenance(context)));
        }
        return files;
    }

    private static TypeSpec.Builder screen(GenerationContext context, ElementType type) {
        ClassName name = context.names().topKVectorScreenClass(type);
        VectorForm form = VectorForm.of(type);
        TypeName array = JavaStorage.of(type).arrayType();
        String watch = GeneratedNames.entryWatch(GeneratedNames.NEXT_BEATING);
        String columnWatch = GeneratedNames.entryWatch(NEXT_COLUMN);
        TypeSpec.Builder screen = TypeSpec.classBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(RuntimeClasses.VECTORIZED_TOP_K_SCREEN, array))
                .addJavadoc("The Vector API screen of {@code $L}'s contiguous slices and outer axes of $L elements: the next\n"
                        + "element (or column of a row) that may beat the k-th best, a vector at a time. The kernel's order keys\n"
                        + "decide what enters.\n"
                        + "\n<p>Compiled apart from the kernels, with {@code jdk.incubator.vector}, and instantiated by\n"
                        + "{@code io.github.argonnx.internal.runtime.VectorSupport.loadTopKScreen} only when the JVM has that\n"
                        + "module; the kernel runs its scalar screens when this class is absent or declines.\n"
                        + "\n<p>$L\n",
                        context.names().topKKernelClass(type).simpleName(), type.onnxName(), description(type))
                .addField(FieldSpec.builder(form.speciesType(), SPECIES, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Vectors of the size the runtime chose once, at startup.\n")
                        .initializer(form.species())
                        .build())
                .addField(FieldSpec.builder(TypeName.INT, LANES, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$N.length()", SPECIES)
                        .build())
                .addField(FieldSpec.builder(TypeName.INT, MIN_SCREENED, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("A slice with fewer elements after its first k is left to the kernel's scalar screen.\n")
                        .initializer("$L * $N", MIN_VECTORS, LANES)
                        .build())
                .addField(FieldSpec.builder(RuntimeClasses.VECTOR_LOOP_WATCH, watch, Modifier.PRIVATE, Modifier.STATIC,
                                Modifier.FINAL)
                        .addJavadoc("Turns the screen off if the JIT compiles it with its vectors as objects.\n")
                        .initializer("$T.of($T.class, $S)", RuntimeClasses.VECTOR_LOOP_WATCH, name, GeneratedNames.NEXT_BEATING)
                        .build())
                .addField(FieldSpec.builder(RuntimeClasses.VECTOR_LOOP_WATCH, columnWatch, Modifier.PRIVATE, Modifier.STATIC,
                                Modifier.FINAL)
                        .addJavadoc("Turns the column screen off if the JIT compiles it with its vectors as objects.\n")
                        .initializer("$T.of($T.class, $S)", RuntimeClasses.VECTOR_LOOP_WATCH, name, NEXT_COLUMN)
                        .build())
                .addFields(form.keyConstants())
                .addMethod(MethodSpec.constructorBuilder()
                        .addJavadoc("Called by {@code io.github.argonnx.internal.runtime.VectorSupport.loadTopKScreen}, only when the\n"
                                + "JVM has the Vector API.\n")
                        .addModifiers(Modifier.PUBLIC)
                        .build())
                .addMethod(MethodSpec.methodBuilder("arrayType")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(ParameterizedTypeName.get(ClassName.get(Class.class), array))
                        .addStatement("return $T.class", array)
                        .build())
                .addMethod(MethodSpec.methodBuilder("screens")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(TypeName.BOOLEAN)
                        .addParameter(TypeName.INT, "remaining")
                        .addStatement("return remaining >= $N && !$N.isOff()", MIN_SCREENED, watch)
                        .build())
                .addMethod(MethodSpec.methodBuilder(GeneratedNames.NEXT_BEATING)
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(TypeName.INT)
                        .addParameter(array, "data")
                        .addParameter(TypeName.INT, "from")
                        .addParameter(TypeName.INT, "to")
                        .addParameter(TypeName.INT, "kth")
                        .addParameter(TypeName.BOOLEAN, "largest")
                        .addStatement("long mark = $N.before(to - from)", watch)
                        .addStatement("$T bound = $L", form.keyType(), form.key(CodeBlock.of("data[kth]")))
                        .addStatement("int found = largest ? $N(data, from, to, bound) : $N(data, from, to, bound)", ABOVE, BELOW)
                        .addStatement("$N.after(mark, found - from)", watch)
                        .addStatement("return found")
                        .build())
                .addMethod(search(type, form, array, true))
                .addMethod(search(type, form, array, false))
                .addMethods(columnMethods(form, array, columnWatch))
                .addMethod(columnSearch(type, form, array, true))
                .addMethod(columnSearch(type, form, array, false));
        // the 16-bit floats' keys put NaN above every number, as TopK orders it for both directions
        return screen.addMethods(form.keyMethods(Extremum.LARGEST));
    }

    /**
     * The first position of {@code [from, to)} whose key is above (below) {@code bound}, a vector at a time and then
     * element by element; {@code to} when there is none.
     */
    private static MethodSpec search(ElementType type, VectorForm form, TypeName array, boolean above) {
        boolean ieee = Comparison.of(type) == Comparison.IEEE_FLOAT;
        // floats: not "at most" (not "at least") the k-th, so that NaN passes and a NaN k-th lets every element through
        String lanes = ieee ? (above ? "LE" : "GE") : (above ? "GT" : "LT");
        CodeBlock passes = CodeBlock.of("$L.compare($T.$L, boundLanes)$L", form.keysAt("i"), VectorForm.VECTOR_OPERATORS,
                lanes, ieee ? ".not()" : "");
        CodeBlock key = form.key(CodeBlock.of("data[i]"));
        CodeBlock one = ieee ? CodeBlock.of("!(data[i] $L bound)", above ? "<=" : ">=")
                : CodeBlock.of("($L) $L bound", key, above ? ">" : "<");
        return MethodSpec.methodBuilder(above ? ABOVE : BELOW)
                .addJavadoc("The first position of {@code [from, to)} whose key is $L {@code bound}, or {@code to}.\n",
                        above ? "above" : "below")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(array, "data")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to")
                .addParameter(form.keyType(), "bound")
                .addStatement("$T boundLanes = $T.broadcast($N, bound)", form.vectorClass(), form.vectorClass(), SPECIES)
                .addCode(firstPassing("i", form, passes, one))
                .build();
    }

    /** The outer axis's entries: whether a block is screened, the watch around its rows, and the search of a row. */
    private static List<MethodSpec> columnMethods(VectorForm form, TypeName array, String watch) {
        return List.of(MethodSpec.methodBuilder("screensColumns")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(TypeName.BOOLEAN)
                        .addParameter(TypeName.INT, "columns")
                        .addStatement("return columns >= $N && !$N.isOff()", MIN_SCREENED, watch)
                        .build(),
                MethodSpec.methodBuilder("beforeColumns")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(TypeName.LONG)
                        .addParameter(TypeName.LONG, "elements")
                        .addStatement("return $N.before(elements)", watch)
                        .build(),
                MethodSpec.methodBuilder("afterColumns")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(TypeName.LONG, "mark")
                        .addParameter(TypeName.LONG, "elements")
                        .addStatement("$N.after(mark, elements)", watch)
                        .build(),
                MethodSpec.methodBuilder(NEXT_COLUMN)
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(TypeName.INT)
                        .addParameter(array, "data")
                        .addParameter(TypeName.INT, "rowBase")
                        .addParameter(array, "bounds")
                        .addParameter(TypeName.INT, "from")
                        .addParameter(TypeName.INT, "to")
                        .addParameter(TypeName.BOOLEAN, "largest")
                        .addStatement("return largest ? $N(data, rowBase, bounds, from, to) : $N(data, rowBase, bounds, from, to)",
                                COLUMN_ABOVE, COLUMN_BELOW)
                        .build());
    }

    /**
     * The first column {@code c} of {@code [from, to)} whose element at {@code rowBase + c} is above (below) the k-th
     * best {@code bounds[c]}, a vector of columns at a time and then column by column; {@code to} when there is none.
     * The lanes compare as {@link #search} compares them with one broadcast k-th.
     */
    private static MethodSpec columnSearch(ElementType type, VectorForm form, TypeName array, boolean above) {
        boolean ieee = Comparison.of(type) == Comparison.IEEE_FLOAT;
        String lanes = ieee ? (above ? "LE" : "GE") : (above ? "GT" : "LT");
        CodeBlock elements = CodeBlock.of("$T.fromArray($N, data, rowBase + c)", form.vectorClass(), SPECIES);
        CodeBlock bounds = CodeBlock.of("$T.fromArray($N, bounds, c)", form.vectorClass(), SPECIES);
        CodeBlock passes = CodeBlock.of("$L.compare($T.$L, $L)$L", form.keys(elements), VectorForm.VECTOR_OPERATORS, lanes,
                form.keys(bounds), ieee ? ".not()" : "");
        CodeBlock element = form.key(CodeBlock.of("data[rowBase + c]"));
        CodeBlock bound = form.key(CodeBlock.of("bounds[c]"));
        CodeBlock one = ieee ? CodeBlock.of("!($L $L $L)", element, above ? "<=" : ">=", bound)
                : CodeBlock.of("($L) $L ($L)", element, above ? ">" : "<", bound);
        return MethodSpec.methodBuilder(above ? COLUMN_ABOVE : COLUMN_BELOW)
                .addJavadoc("The first column {@code c} of {@code [from, to)} whose element at {@code rowBase + c} is $L\n"
                        + "{@code bounds[c]}, or {@code to}.\n", above ? "above" : "below")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(array, "data")
                .addParameter(TypeName.INT, "rowBase")
                .addParameter(array, "bounds")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to")
                .addCode(firstPassing("c", form, passes, one))
                .build();
    }

    /**
     * The scan both searches share: from {@code from}, the first position {@code position} whose vector of lanes has one
     * that {@code passes}, at that lane, then the tail one by one by {@code one}; {@code to} when none passes.
     */
    private static CodeBlock firstPassing(String position, VectorForm form, CodeBlock passes, CodeBlock one) {
        return CodeBlock.builder()
                .addStatement("int $L = from", position)
                .beginControlFlow("for (int last = to - $N; $L <= last; $L += $N)", LANES, position, position, LANES)
                .addStatement("$T passes = $L", form.maskType(), passes)
                .beginControlFlow("if (passes.anyTrue())")
                .addStatement("return $L + passes.firstTrue()", position)
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("for (; $L < to; $L++)", position, position)
                .beginControlFlow("if ($L)", one)
                .addStatement("return $L", position)
                .endControlFlow()
                .endControlFlow()
                .addStatement("return to")
                .build();
    }

    private static String description(ElementType type) {
        return switch (Comparison.of(type)) {
            case SIGNED -> "Lanes compare as signed integers, with the k-th best broadcast.";
            case UNSIGNED -> "Lanes compare as unsigned: the sign bit of every lane and of the k-th is flipped, which turns\n"
                    + "the unsigned order into the signed order lanes compare in.";
            case IEEE_FLOAT -> "A lane passes unless it is at most (for the smallest: at least) the k-th: NaN passes, -0\n"
                    + "ties +0, and a NaN k-th lets every lane through to the kernel's order keys.";
            case SIXTEEN_BIT_FLOAT -> "Lanes compare by value: " + type.onnxName() + " bits are mapped to shorts in value\n"
                    + "order, -0 and +0 to 0, NaN above every number.";
        };
    }
}
