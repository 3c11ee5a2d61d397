package io.github.argonnx.conformance;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.conformance.support.Api;
import io.github.argonnx.conformance.support.Cases;
import io.github.argonnx.conformance.support.ConformanceReport;
import io.github.argonnx.conformance.support.ElementType;
import io.github.argonnx.conformance.support.Gen;
import io.github.argonnx.conformance.support.Reference;
import io.github.argonnx.conformance.support.TensorValue;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The library against the independent {@link Reference} for all twelve types and every version
 * that takes the type, on the data that breaks arg-reductions: NaN (leading, trailing, all-NaN
 * slices), +-inf, +-0, subnormals, all-equal slices, unsigned values above the signed range,
 * signed minimums, zero-length dimensions that are not reduced; and axis lengths that cross block
 * and vector boundaries. Every case goes through all four input forms (array, heap buffer, direct
 * buffer, raw bytes).
 */
class ReferenceDifferentialTest {

    private static final List<String> OPS = List.of("ArgMax", "ArgMin");

    /** Axis lengths around any block or vector width a kernel might use. */
    static final int[] BOUNDARY_SIZES = IntStream.concat(IntStream.rangeClosed(1, 70),
            IntStream.of(127, 128, 129, 1023, 1024, 1025, 4097)).toArray();

    private static final int[] MAX_DIM = {0, 24, 9, 5, 4, 3};

    private static List<Integer> versionsFor(ElementType type) {
        List<Integer> v = new ArrayList<>();
        for (int version : new int[] {1, 11, 12, 13}) {
            if (version >= type.firstVersion()) {
                v.add(version);
            }
        }
        return v;
    }

    /** Random shapes of rank 1-5 with random special-value data, at every version. */
    @ParameterizedTest
    @EnumSource(ElementType.class)
    void random_shapes_and_special_values(ElementType type) {
        long baseSeed = Cases.seed("argonnx.conformance.seed", 0x2EFE_2E2CEL, "reference differential " + type.onnxName());
        long seed = baseSeed + type.ordinal();
        int perCell = Cases.intProperty("argonnx.conformance.referenceCasesPerVersion", 60);
        Gen gen = new Gen(seed);
        SplittableRandom forms = new SplittableRandom(~seed);
        Cases.Failures failures = new Cases.Failures("reference differential " + type.onnxName()
                + ", -Dargonnx.conformance.seed=" + baseSeed);
        long cases = 0;
        for (String opType : OPS) {
            for (int version : versionsFor(type)) {
                for (int i = 0; i < perCell; i++) {
                    int rank = gen.nextInt(1, 5);
                    int axis = gen.nextInt(-rank, rank - 1);
                    // Zero-length dimensions that are not reduced are legal except at version 11,
                    // whose input must not be empty.
                    long[] shape = gen.shape(rank, MAX_DIM[rank], version != 11 && gen.nextInt(4) == 0);
                    shape[axis < 0 ? axis + rank : axis] = Math.max(1, shape[axis < 0 ? axis + rank : axis]);
                    TensorValue x = data(gen, type, shape, axis);
                    int keepdims = gen.nextInt(0, 1);
                    int last = version >= 12 ? gen.nextInt(0, 1) : 0;
                    cases++;
                    check(failures, opType, version, x, axis, keepdims, last, last == 1 || gen.nextBoolean(),
                            forms, "case " + cases);
                }
            }
        }
        failures.assertNone(cases);
    }

    /** Axis lengths 1..70, 127-129, 1023-1025 and 4097, reduced contiguous and strided. */
    @ParameterizedTest
    @EnumSource(ElementType.class)
    void sizes_across_block_boundaries(ElementType type) {
        long baseSeed = Cases.seed("argonnx.conformance.seed", 0x2EFE_2E2CEL, "boundary sizes " + type.onnxName());
        long seed = baseSeed + 31L * type.ordinal();
        Gen gen = new Gen(seed);
        SplittableRandom forms = new SplittableRandom(~seed);
        Cases.Failures failures = new Cases.Failures("boundary sizes " + type.onnxName()
                + ", -Dargonnx.conformance.seed=" + baseSeed);
        List<Integer> versions = versionsFor(type);
        long cases = 0;
        for (int n : BOUNDARY_SIZES) {
            // {shape, axis}: contiguous last axis; strided middle and first axes; n as the inner extent;
            // an outer axis under more columns than any vector has lanes, none a multiple of them.
            long[][] shapes = {{n}, {3, n}, {n, 3}, {2, n}, {2, n, 3}, {n, 67}};
            int[] axes = {0, -1, 0, 0, 1, 0};
            for (int s = 0; s < shapes.length; s++) {
                for (String opType : OPS) {
                    for (int last = 0; last <= 1; last++) {
                        int version = last == 0 ? gen.pick(versions)
                                : type.firstVersion() == 13 ? 13 : gen.nextInt(12, 13);
                        TensorValue x = data(gen, type, shapes[s], axes[s]);
                        cases++;
                        check(failures, opType, version, x, axes[s], gen.nextInt(0, 1), last, last == 1, forms,
                                "case " + cases);
                    }
                }
            }
        }
        failures.assertNone(cases);
    }

    private static TensorValue data(Gen gen, ElementType type, long[] shape, int axis) {
        switch (gen.nextInt(3)) {
            case 0:
                return gen.tieHeavy(type, shape, true);
            case 1:
                return gen.uniform(type, shape, true);
            default:
                return gen.structured(type, shape, axis, true);
        }
    }

    private static void check(Cases.Failures failures, String opType, int version, TensorValue x, int axis,
            int keepdims, int last, boolean setLast, SplittableRandom forms, String label) {
        Reference.Result expected = Reference.arg(opType.equals("ArgMax"), x, axis, keepdims == 1, last == 1);
        ArgReductionOperator op = Api.version(opType, version).axis(axis).keepdims(keepdims);
        if (version >= 12 && setLast) {
            op = op.selectLastIndex(last);
        }
        List<String> formFailures = new ArrayList<>();
        for (Api.InputForm in : Api.InputForm.values()) {
            Api.OutputForm out = Api.OutputForm.any(forms);
            String failure = Cases.check(op, x, in, out, forms, expected);
            if (failure != null) {
                formFailures.add(failure);
            }
        }
        if (!formFailures.isEmpty()) {
            failures.add(label + ": " + opType + "-" + version + " axis=" + axis + " keepdims=" + keepdims
                    + " select_last_index=" + last + " on " + x + "\n  " + String.join("\n  ", formFailures));
        }
        ConformanceReport.record(ConformanceReport.Source.REFERENCE, opType, version, x.type(), formFailures.isEmpty());
    }
}
