package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.Parallelism;
import java.nio.LongBuffer;
import org.junit.jupiter.api.Test;

/** The common interface of ArgMax and ArgMin: choosing by op type, and calls through it. */
class ArgReductionOperatorTest {

    /** [[2, 1, 3], [7, 10, 10]]: row maxima at columns 2 and 1 (2 and 2 with the last index), row minima at 1 and 0. */
    private static Tensor scores() {
        return Tensor.ofFloat(new float[] {2, 1, 3, 7, 10, 10}, 2, 3);
    }

    @Test
    void opTypesChooseTheOperatorClass() {
        assertInstanceOf(ArgMax.class, ArgReductionOperator.latest("ArgMax"));
        assertInstanceOf(ArgMin.class, ArgReductionOperator.latest("ArgMin"));
        assertEquals("ArgMax", ArgReductionOperator.version("ArgMax", 11).opType());
        assertEquals(11, ArgReductionOperator.version("ArgMin", 11).version());
        assertEquals(13, ArgReductionOperator.forModelOpset("ArgMin", 17).version());
        assertEquals(ArgMax.version(12), ArgReductionOperator.forModelOpset("ArgMax", 12));
    }

    @Test
    void callsThroughTheInterfaceMatchTheClasses() {
        ArgReductionOperator max = ArgReductionOperator.latest("ArgMax").axis(1).keepdims(false).selectLastIndex(true);
        assertArrayEquals(new long[] {2, 2}, max.apply(scores()).indices());
        ArgReductionOperator min = ArgReductionOperator.latest("ArgMin").axis(1).keepdims(0)
                .parallelism(Parallelism.singleThread());
        long[] out = new long[3];
        assertArrayEquals(new long[] {2}, min.apply(scores(), out, 1));
        assertArrayEquals(new long[] {0, 1, 0}, out);
        LongBuffer buffer = LongBuffer.allocate(2);
        assertArrayEquals(new long[] {2, 1}, min.keepdims(1).apply(scores(), buffer));
        assertArrayEquals(new long[] {1, 0}, buffer.array());
        assertArrayEquals(new long[] {1, 3}, min.axis(0).keepdims(true).outputShape(2, 3));
    }

    @Test
    void refusesOpTypesThisBuildDoesNotHave() {
        assertEquals("unknown op type 'ArgSort' (this build has: ArgMax, ArgMin)",
                assertThrows(ArgOnnxException.class, () -> ArgReductionOperator.forModelOpset("ArgSort", 13)).getMessage());
        assertEquals("op type is null (this build has: ArgMax, ArgMin)",
                assertThrows(ArgOnnxException.class, () -> ArgReductionOperator.latest(null)).getMessage());
    }

    @Test
    void theClassesRefusalsPassThrough() {
        assertEquals(assertThrows(ArgOnnxException.class, () -> ArgMax.version(2)).getMessage(),
                assertThrows(ArgOnnxException.class, () -> ArgReductionOperator.version("ArgMax", 2)).getMessage());
        String message = assertThrows(ArgOnnxException.class,
                () -> ArgReductionOperator.forModelOpset("ArgMin", ArgMin.LATEST_KNOWN_OPSET + 1)).getMessage();
        assertTrue(message.startsWith("ArgMin: no version is known for opset " + (ArgMin.LATEST_KNOWN_OPSET + 1)),
                message);
    }
}
