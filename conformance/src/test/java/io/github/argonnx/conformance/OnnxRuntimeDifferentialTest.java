package io.github.argonnx.conformance;

import ai.onnxruntime.OrtException;
import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.conformance.support.Api;
import io.github.argonnx.conformance.support.Cases;
import io.github.argonnx.conformance.support.ConformanceReport;
import io.github.argonnx.conformance.support.ElementType;
import io.github.argonnx.conformance.support.Gen;
import io.github.argonnx.conformance.support.OrtOracle;
import io.github.argonnx.conformance.support.Reference;
import io.github.argonnx.conformance.support.TensorValue;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The library against ONNX Runtime on NaN-free data (ONNX Runtime is no oracle for NaN, see
 * docs/semantics.md): every operator, opset 11/12/13, the six types ONNX Runtime implements, rank
 * 1-5, every axis including negative ones, keepdims 0/1, select_last_index 0/1 where it exists,
 * attributes left unset where the value is the default. Each model gets one session, fed several
 * tie-heavy inputs of random shapes.
 */
class OnnxRuntimeDifferentialTest {

    private static final List<String> OPS = List.of("ArgMax", "ArgMin");
    private static final int[] OPSETS = {11, 12, 13};
    /** Largest dimension per rank, so inputs stay small (at most a few hundred elements). */
    private static final int[] MAX_DIM = {0, 40, 12, 6, 4, 3};

    @Test
    void library_matches_onnx_runtime() throws OrtException {
        long seed = Cases.seed("argonnx.conformance.seed", 0x0A46_0A46L, "ONNX Runtime differential");
        int inputsPerModel = Cases.intProperty("argonnx.conformance.ortInputsPerModel", 4);
        Gen gen = new Gen(seed);
        SplittableRandom forms = new SplittableRandom(seed ^ 0x5DEECE66DL);
        Cases.Failures failures = new Cases.Failures("ONNX Runtime differential, -Dargonnx.conformance.seed=" + seed);
        long cases = 0;
        try (OrtOracle ort = new OrtOracle()) {
            for (String opType : OPS) {
                for (int opset : OPSETS) {
                    for (ElementType type : ElementType.values()) {
                        if (!OrtOracle.SUPPORTED_TYPES.contains(type)) {
                            continue;
                        }
                        for (int rank = 1; rank <= 5; rank++) {
                            for (int axis = -rank; axis < rank; axis++) {
                                for (int keepdims = 0; keepdims <= 1; keepdims++) {
                                    for (int last = 0; last <= (opset >= 12 ? 1 : 0); last++) {
                                        // Defaults are sometimes left unset, so both the library's and ONNX
                                        // Runtime's defaults are exercised.
                                        Long axisAttr = axis == 0 && gen.nextBoolean() ? null : (long) axis;
                                        Long keepAttr = keepdims == 1 && gen.nextBoolean() ? null : (long) keepdims;
                                        Long lastAttr = opset < 12 || (last == 0 && gen.nextBoolean()) ? null : (long) last;
                                        OrtOracle.ModelKey key = new OrtOracle.ModelKey(opType, opset, type, rank,
                                                axisAttr, keepAttr, lastAttr);
                                        ArgReductionOperator op = Api.configure(Api.forModelOpset(opType, opset), axisAttr,
                                                keepAttr, lastAttr);
                                        for (int i = 0; i < inputsPerModel; i++) {
                                            TensorValue x = gen.tieHeavy(type, gen.shape(rank, MAX_DIM[rank], false),
                                                    false);
                                            Reference.Result expected = ort.run(key, x);
                                            Api.InputForm in = Api.InputForm.values()[(int) (cases % 4)];
                                            Api.OutputForm out = Api.OutputForm.any(forms);
                                            String failure = Cases.check(op, x, in, out, forms, expected);
                                            cases++;
                                            if (failure != null) {
                                                failures.add("case " + cases + ": " + key + " on " + x + "\n  "
                                                        + failure);
                                            }
                                            ConformanceReport.record(ConformanceReport.Source.ONNX_RUNTIME, opType,
                                                    Cases.versionInForce(opset), type, failure == null);
                                        }
                                        ort.release(key);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            System.out.println("ONNX Runtime differential: " + cases + " cases, " + ort.sessionCount()
                    + " sessions, " + failures.count() + " mismatches");
        }
        failures.assertNone(cases);
    }
}
