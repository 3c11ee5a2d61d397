package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The SIMD screens of TopK's contiguous slices, as the kernels hold them: present exactly when the SIMD loops are
 * on, and, called directly, stopping at the first element that beats the k-th, never past one, from and to every
 * position around vector boundaries (or earlier only where the scalar search lets a NaN through); along an outer
 * axis, stopping at the first column of a row whose element beats that column's k-th, in the same way.
 */
class VectorizedTopKScreenTest {

    /** Long enough for several vectors of bytes at 512 bits, with tails of every length. */
    private static final int LENGTH = 600;

    @ParameterizedTest(name = "{0}")
    @EnumSource(SimdType.class)
    void kernelsHoldTheirSimdScreenExactlyWhenSimdLoopsAreOn(SimdType type) throws Exception {
        VectorizedTopKScreen<Object> screen = screenOf(type);
        if (VectorSupport.isEnabled()) {
            assertNotNull(screen, VectorSupport.status());
            assertEquals(Array.newInstance(type.component, 0).getClass(), screen.arrayType());
            assertTrue(screen.screens(LENGTH));
            assertFalse(screen.screens(0));
            assertTrue(screen.screensColumns(LENGTH));
            assertFalse(screen.screensColumns(0));
        } else {
            assertNull(screen);
        }
        if (Boolean.getBoolean("argonnx.expectVectorization")) {
            assertNotNull(screen, "the vectorized test run must screen TopK's slices with the Vector API");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SimdType.class)
    void theScreenStopsAtTheFirstElementThatBeatsTheKth(SimdType type) throws Exception {
        VectorizedTopKScreen<Object> screen = screenOf(type);
        assumeTrue(screen != null, "SIMD loops off");
        Random random = new Random(type.ordinal() * 31L + 7);
        Object data = Array.newInstance(type.component, LENGTH);
        for (int trial = 0; trial < 400; trial++) {
            for (int i = 0; i < LENGTH; i++) {
                type.set(data, i, random.nextInt(type.poolSize()));
            }
            int kth = random.nextInt(LENGTH);
            boolean largest = random.nextBoolean();
            // most elements that beat the k-th become its copies, so that the screen runs over several vectors
            int sparse = 1 + random.nextInt(200);
            for (int i = 0; i < LENGTH; i++) {
                if (beats(type, data, i, kth, largest) && random.nextInt(sparse) != 0) {
                    Array.set(data, i, Array.get(data, kth));
                }
            }
            int from = random.nextInt(160);
            int to = LENGTH - random.nextInt(160);
            int expected = from;
            while (expected < to && !beats(type, data, expected, kth, largest)) {
                expected++;
            }
            int found = screen.nextBeating(data, from, to, kth, largest);
            String where = type + " from " + from + " to " + to + " k-th at " + kth + (largest ? " largest" : " smallest");
            assertTrue(found >= from && found <= expected, where + ": found " + found + ", first beating " + expected);
            if (found < expected) {
                // float and double screen as the scalar search does, !(x <= kth) or !(x >= kth): a NaN k-th lets
                // every element through, and for the smallest a NaN passes, to be refused by the order keys
                assertTrue(type.isFloat() && (type.isNaN(data, kth) || !largest && type.isNaN(data, found)),
                        where + ": stopped at " + found + ", which does not beat the k-th, before " + expected);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SimdType.class)
    void theColumnScreenStopsAtTheFirstColumnThatBeatsItsKth(SimdType type) throws Exception {
        VectorizedTopKScreen<Object> screen = screenOf(type);
        assumeTrue(screen != null, "SIMD loops off");
        Random random = new Random(type.ordinal() * 37L + 5);
        // the columns' k-th bests at [0, LENGTH) and the row after them, so that one array holds both
        Object data = Array.newInstance(type.component, 2 * LENGTH);
        int rowBase = LENGTH;
        for (int trial = 0; trial < 400; trial++) {
            for (int i = 0; i < 2 * LENGTH; i++) {
                type.set(data, i, random.nextInt(type.poolSize()));
            }
            boolean largest = random.nextBoolean();
            // most columns whose element beats its k-th get a copy of the k-th, so that the screen runs over vectors
            int sparse = 1 + random.nextInt(200);
            for (int c = 0; c < LENGTH; c++) {
                if (beats(type, data, rowBase + c, c, largest) && random.nextInt(sparse) != 0) {
                    Array.set(data, rowBase + c, Array.get(data, c));
                }
            }
            int from = random.nextInt(160);
            int to = LENGTH - random.nextInt(160);
            int expected = from;
            while (expected < to && !beats(type, data, rowBase + expected, expected, largest)) {
                expected++;
            }
            int found = screen.nextColumnBeating(data, rowBase, data, from, to, largest);
            String where = type + " columns " + from + " to " + to + (largest ? " largest" : " smallest");
            assertTrue(found >= from && found <= expected, where + ": found " + found + ", first beating " + expected);
            if (found < expected) {
                // as for slices: a NaN k-th lets its column through, and for the smallest a NaN passes
                assertTrue(type.isFloat() && (type.isNaN(data, found) || type.isNaN(data, rowBase + found)),
                        where + ": stopped at " + found + ", which does not beat its k-th, before " + expected);
            }
        }
    }

    /** Whether element {@code i} beats element {@code kth} in TopK's order: NaN the largest, -0 tying +0. */
    private static boolean beats(SimdType type, Object data, int i, int kth, boolean largest) {
        boolean nan = type.isNaN(data, i);
        boolean nanKth = type.isNaN(data, kth);
        if (nan || nanKth) {
            return largest ? nan && !nanKth : !nan && nanKth;
        }
        int order = type.compare(data, i, kth);
        return largest ? order > 0 : order < 0;
    }

    @SuppressWarnings("unchecked")
    private static VectorizedTopKScreen<Object> screenOf(SimdType type) throws ReflectiveOperationException {
        Class<?> kernel = Class.forName("io.github.argonnx.internal.kernels.TopK" + type.javaName + "Kernel");
        Field field = kernel.getDeclaredField("VECTOR_SCREEN");
        field.setAccessible(true);
        return (VectorizedTopKScreen<Object>) field.get(null);
    }
}
