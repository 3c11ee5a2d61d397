package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.argonnx.Tensor;
import io.github.argonnx.TopK;
import io.github.argonnx.conformance.support.Api;
import io.github.argonnx.conformance.support.ElementType;
import io.github.argonnx.conformance.support.Gen;
import io.github.argonnx.conformance.support.TensorValue;
import io.github.argonnx.conformance.support.TopKApi;
import io.github.argonnx.conformance.support.TopKReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The library's {@link TopK} against the independent {@link TopKReference}, over every version and every type
 * it accepts: seeded random shapes, axes, k and directions, with elements drawn from few values (ties) and the
 * type's special values (NaN, -0 and +0, infinities, subnormals, extremes of the integers).
 */
class TopKReferenceDifferentialTest {

    private static final int CASES_PER_TYPE_AND_VERSION = 60;

    private static final List<ElementType> FLOATS = List.of(ElementType.FLOAT16, ElementType.FLOAT, ElementType.DOUBLE);

    @Test
    void theLibraryAgreesWithTheReferenceOnEveryVersionAndType() {
        SplittableRandom random = new SplittableRandom(7_310_204L);
        List<String> failures = new ArrayList<>();
        int cases = 0;
        for (int version : new int[] {1, 10, 11, 24}) {
            List<ElementType> types = version < 11 ? FLOATS
                    : version < 24 ? List.of(ElementType.values()).stream().filter(t -> t != ElementType.BFLOAT16).toList()
                    : List.of(ElementType.values());
            for (ElementType type : types) {
                List<Long> specials = Gen.specialBits(type, true);
                for (int c = 0; c < CASES_PER_TYPE_AND_VERSION; c++) {
                    int rank = 1 + random.nextInt(3);
                    long[] shape = new long[rank];
                    for (int d = 0; d < rank; d++) {
                        // now and then a dimension past a block of columns (64), so that the blocks' seams are crossed
                        shape[d] = random.nextInt(10) == 0 ? 60 + random.nextInt(20) : random.nextInt(7);
                    }
                    int axis = random.nextInt(rank);
                    long k = shape[axis] == 0 ? 0 : random.nextInt((int) shape[axis] + 1);
                    boolean largest = version < 11 || random.nextBoolean();
                    int n = 1;
                    for (long d : shape) {
                        n *= (int) d;
                    }
                    long[] bits = new long[n];
                    boolean fewValues = random.nextBoolean();
                    for (int i = 0; i < n; i++) {
                        bits[i] = fewValues ? specials.get(random.nextInt(Math.min(3, specials.size())))
                                : specials.get(random.nextInt(specials.size()));
                    }
                    TensorValue x = TensorValue.ofBits(type, shape, bits);
                    TopKReference.Result expected = TopKReference.topK(x, k, axis, largest);
                    TopK op = TopK.version(version).axis(random.nextBoolean() ? axis : axis - rank);
                    if (version >= 11) {
                        op = op.largest(largest).sorted(random.nextBoolean());
                    } else if (version == 1 && random.nextBoolean()) {
                        op = op.k(k);
                    }
                    Api.InputForm form = Api.InputForm.values()[random.nextInt(Api.InputForm.values().length)];
                    Api.Input input = Api.input(x, form, random);
                    TopKApi.Outputs got = random.nextBoolean() ? TopKApi.viaResult(op, input.tensor(), k, type)
                            : TopKApi.viaArrays(op, input.tensor(), k, type);
                    cases++;
                    if (!got.values().equals(expected.values()) || !got.indices().equals(expected.indices())) {
                        failures.add(op + " k=" + k + " on " + x + ": got " + got + ", expected " + expected);
                    }
                }
            }
        }
        assertEquals(List.of(), failures.subList(0, Math.min(5, failures.size())), failures.size() + " failures");
        assertEquals(CASES_PER_TYPE_AND_VERSION * (3 + 3 + 11 + 12), cases);
    }

    @Test
    void aLargeKAgreesWithTheReferenceAlongBothLayouts() {
        SplittableRandom random = new SplittableRandom(4_180_117L);
        List<String> failures = new ArrayList<>();
        for (ElementType type : List.of(ElementType.FLOAT, ElementType.UINT8, ElementType.INT64, ElementType.FLOAT16)) {
            List<Long> specials = Gen.specialBits(type, true);
            for (int axis = 0; axis < 2; axis++) {
                int n = 300 + random.nextInt(400);
                long[] shape = axis == 0 ? new long[] {n, 3} : new long[] {2, n};
                long[] bits = new long[2 * 3 * n / (axis == 0 ? 2 : 3)];
                for (int i = 0; i < bits.length; i++) {
                    bits[i] = specials.get(random.nextInt(specials.size()));
                }
                TensorValue x = TensorValue.ofBits(type, shape, bits);
                for (long k : new long[] {257, n - 1, n}) {
                    for (boolean largest : new boolean[] {true, false}) {
                        TopKReference.Result expected = TopKReference.topK(x, k, axis, largest);
                        TopKApi.Outputs got = TopKApi.viaArrays(TopK.latest().axis(axis).largest(largest),
                                Api.input(x, Api.InputForm.ARRAY, random).tensor(), k, type);
                        if (!got.values().equals(expected.values()) || !got.indices().equals(expected.indices())) {
                            failures.add(type + " axis " + axis + " n " + n + " k " + k + " largest " + largest);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void outerAxesAcrossBlocksOfColumnsAgreeWithTheReference() {
        // [a, b, c] along axis 1: column counts on both sides of the block of columns walked together (1024), and
        // of 65536 / k for k = 100; axes as short as k; ties across rows and the type's special values
        long[][] shapes = {{1, 7, 1025}, {2, 9, 1023}, {1, 12, 2049}, {3, 6, 5}, {1, 300, 700}};
        long[] ks = {3, 9, 5, 2, 100};
        SplittableRandom random = new SplittableRandom(9_031_442L);
        List<String> failures = new ArrayList<>();
        for (ElementType type : ElementType.values()) {
            List<Long> specials = Gen.specialBits(type, true);
            for (int s = 0; s < shapes.length; s++) {
                long[] shape = shapes[s];
                if (shape[1] > 100 && type != ElementType.FLOAT && type != ElementType.UINT16) {
                    continue;
                }
                long[] bits = new long[(int) (shape[0] * shape[1] * shape[2])];
                int kinds = random.nextBoolean() ? Math.min(3, specials.size()) : specials.size();
                for (int i = 0; i < bits.length; i++) {
                    bits[i] = specials.get(random.nextInt(kinds));
                }
                TensorValue x = TensorValue.ofBits(type, shape, bits);
                for (boolean largest : new boolean[] {true, false}) {
                    TopKReference.Result expected = TopKReference.topK(x, ks[s], 1, largest);
                    TopK op = TopK.latest().axis(1).largest(largest);
                    Api.InputForm form = Api.InputForm.values()[random.nextInt(Api.InputForm.values().length)];
                    TopKApi.Outputs got = TopKApi.viaResult(op, Api.input(x, form, random).tensor(), ks[s], type);
                    if (!got.values().equals(expected.values()) || !got.indices().equals(expected.indices())) {
                        failures.add(type + " " + Arrays.toString(shape) + " k " + ks[s] + " largest " + largest + " "
                                + form);
                    }
                }
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void kOneAgreesWithTheReferenceInEveryTypeAndDirectionAlsoPrepared() {
        // k = 1 over arrays runs the ArgMax scan for the largest and, for the integers, the ArgMin scan for the
        // smallest: NaN first or last, ties and -0/+0 are where those could differ from TopK
        SplittableRandom random = new SplittableRandom(1_204_551L);
        List<String> failures = new ArrayList<>();
        for (ElementType type : ElementType.values()) {
            List<Long> specials = Gen.specialBits(type, true);
            for (int c = 0; c < 40; c++) {
                int rank = 1 + random.nextInt(3);
                long[] shape = new long[rank];
                int n = 1;
                for (int d = 0; d < rank; d++) {
                    shape[d] = random.nextInt(10) == 0 ? 60 + random.nextInt(20) : 1 + random.nextInt(6);
                    n *= (int) shape[d];
                }
                long[] bits = new long[n];
                int kinds = random.nextBoolean() ? Math.min(3, specials.size()) : specials.size();
                for (int i = 0; i < n; i++) {
                    bits[i] = specials.get(random.nextInt(kinds));
                }
                TensorValue x = TensorValue.ofBits(type, shape, bits);
                int axis = random.nextInt(rank);
                for (boolean largest : new boolean[] {true, false}) {
                    TopKReference.Result expected = TopKReference.topK(x, 1, axis, largest);
                    TopK op = TopK.latest().axis(axis).largest(largest);
                    Tensor input = Api.input(x, Api.InputForm.ARRAY, random).tensor();
                    for (TopKApi.Outputs got : List.of(TopKApi.viaArrays(op, input, 1, type), TopKApi.viaPrepared(op, input, 1, type))) {
                        if (!got.values().equals(expected.values()) || !got.indices().equals(expected.indices())) {
                            failures.add(op + " on " + x + ": got " + got + ", expected " + expected);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), failures.subList(0, Math.min(5, failures.size())), failures.size() + " failures");
    }
}
