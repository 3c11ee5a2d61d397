package io.github.argonnx.generator.emit.tests;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.emit.KernelTarget;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.model.ElementType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Modifier;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * Emits one JUnit 5 class per kernel, {@code ArgMaxFloatKernelPropertyTest} and so on, that runs the
 * kernel against the hand-written scalar reference on seeded random tensors.
 *
 * <p>The checks themselves are hand-written test code in {@code io.github.argonnx.reference}
 * ({@code KernelProperties}); the emitted class only wires the kernel's two {@code reduce} methods,
 * the element type's {@code TestType} constant and the operator into it.
 */
public final class KernelPropertyTestEmitter extends JavaSourceEmitter {

    /** The hand-written test support the emitted tests call. */
    static final String REFERENCE_PACKAGE = "io.github.argonnx.reference";

    private static final ClassName KERNEL_PROPERTIES = ClassName.get(REFERENCE_PACKAGE, "KernelProperties");
    private static final ClassName TEST_TYPE = ClassName.get(REFERENCE_PACKAGE, "TestType");
    private static final ClassName SCALAR_REFERENCE_OP = ClassName.get(REFERENCE_PACKAGE, "ScalarReference", "Op");
    private static final ClassName TEST = ClassName.get("org.junit.jupiter.api", "Test");

    /** The property checks, in the order the emitted class lists them; those taking a seed are marked. */
    private static final List<Check> CHECKS = List.of(
            new Check("randomShapesEveryAxis", true),
            new Check("heavyTies", true),
            new Check("specialValues", true),
            new Check("axisLengthsAcrossBlockBoundaries", true),
            new Check("pairsInLongSlices", true),
            new Check("wideOutputRows", true),
            new Check("outerAxisAcrossGroupsAndLanes", true),
            new Check("uniformTensors", true),
            new Check("emptyOutputs", false),
            new Check("refusesStorageTooSmallForThePlan", false));

    private record Check(String name, boolean seeded) {}

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (KernelTarget target : context.kernelsToGenerate(OperatorFamily.ARG_REDUCTION)) {
            files.add(new JavaSource(GeneratedFile.Kind.TEST_SOURCE, context.names().kernelPackage(),
                    testClass(context, target), target.provenance(context)));
        }
        return files;
    }

    private static TypeSpec.Builder testClass(GenerationContext context, KernelTarget target) {
        ElementType type = target.type();
        ClassName kernel = context.names().kernelClass(target.extremum(), type);
        String kernelName = kernel.simpleName();
        TypeName properties = ParameterizedTypeName.get(KERNEL_PROPERTIES,
                JavaStorage.of(type).arrayType(), JavaStorage.of(type).bufferType());
        TypeSpec.Builder test = TypeSpec.classBuilder(context.names().kernelPropertyTestClass(target.extremum(), type))
                .addJavadoc("Checks {@link $T} against the hand-written scalar reference on seeded random tensors.\n", kernel);
        test.addField(FieldSpec.builder(TypeName.LONG, "SEED", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Fixed, so that every run checks the same cases; {@code -Dargonnx.seed=...} picks others.\n")
                .initializer("$L", seedLiteral(kernelName))
                .build());
        test.addField(FieldSpec.builder(properties, "properties", Modifier.PRIVATE, Modifier.FINAL)
                .initializer("new $T<>(\n$>$>$S, $T.$L, $T.$L,\n$T::$N, $T::$N, $T::$N)$<$<", KERNEL_PROPERTIES,
                        kernelName, TEST_TYPE, type.name(), SCALAR_REFERENCE_OP, constantName(target.extremum().operatorName()),
                        kernel, KernelContract.REDUCE, kernel, KernelContract.REDUCE_COLUMNS, kernel, KernelContract.REDUCE)
                .build());
        for (Check check : CHECKS) {
            test.addMethod(MethodSpec.methodBuilder(check.name())
                    .addAnnotation(TEST)
                    .addStatement(check.seeded() ? "properties.$N(SEED)" : "properties.$N()", check.name())
                    .build());
        }
        return test;
    }

    /** A seed derived from the class name: stable across runs and different for every kernel. */
    private static String seedLiteral(String kernelName) {
        long seed = kernelName.hashCode() * 0x9E37_79B9_7F4A_7C15L;
        return String.format(Locale.ROOT, "0x%016XL", seed);
    }

    /** {@code ArgMax} to {@code ARG_MAX}. */
    private static String constantName(String camelCase) {
        return camelCase.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }
}
