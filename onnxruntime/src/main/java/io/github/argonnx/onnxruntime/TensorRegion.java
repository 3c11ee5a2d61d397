package io.github.argonnx.onnxruntime;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import io.github.argonnx.DataType;
import io.github.argonnx.runtime.ArgOnnxException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Arrays;

/**
 * Where in its buffer ONNX Runtime reads a tensor.
 *
 * <p>ONNX Runtime fixes a tensor's address when it creates it: the buffer's address plus its position at that
 * moment. Its Java API keeps the buffer object itself, neither sliced nor duplicated, and not that position
 * ({@code getBufferRef()} answers a duplicate at the buffer's current position and limit, which any later
 * {@code put} or {@code position} moves). The address itself is ONNX Runtime's: its {@code OnnxTensor} wraps the
 * tensor's memory in a direct buffer (the private {@code getBuffer()} its copying getters read). The region is
 * that address found in the application's buffer, so that the view keeps the buffer, and its memory, alive.
 *
 * <p>Addresses are compared through {@link ByteBuffer#alignmentOffset}, modulo {@value #UNIT}; a buffer's own
 * address is ONNX Runtime's wrapper of a tensor made over its first element, since a typed buffer shows none.
 */
final class TensorRegion {

    /** The largest unit {@link ByteBuffer#alignmentOffset} takes: addresses are known modulo this. */
    static final int UNIT = 1 << 30;

    private static final Method MEMORY = memoryMethod();

    private TensorRegion() {}

    /**
     * A duplicate of the buffer, positioned and limited at the elements ONNX Runtime reads for the tensor.
     *
     * @param buffer the tensor's buffer, as {@code getBufferRef()} answers it
     * @param count the tensor's element count
     */
    static Buffer of(OnnxTensor tensor, Buffer buffer, DataType type, long[] shape, int count) {
        Buffer region = buffer instanceof ByteBuffer bytes ? bytes.duplicate().order(ByteOrder.nativeOrder())
                : buffer.duplicate();
        region.clear();
        int unit = unitBytes(buffer);
        long units = (long) count * type.byteWidth() / unit;
        if (count == 0) {
            return region.limit(0);
        }
        long base = buffer instanceof ByteBuffer bytes ? bytes.alignmentOffset(0, UNIT) : addressOf(region);
        long offset = Math.floorMod(memoryOf(tensor, type, shape).alignmentOffset(0, UNIT) - base, UNIT);
        long last = region.capacity() - units; // the last position the region can start at
        if (offset % unit != 0 || offset / unit > last) {
            throw new ArgOnnxException("OrtTensors.view: ONNX Runtime reads this " + type.onnxName() + " tensor "
                    + Arrays.toString(shape) + " outside the " + buffer.getClass().getSimpleName() + " it holds");
        }
        long position = offset / unit;
        if (position + UNIT / unit <= last) {
            throw new ArgOnnxException("OrtTensors.view: the " + type.onnxName() + " tensor " + Arrays.toString(shape)
                    + " lies in a buffer of " + (long) region.capacity() * unit + " bytes, where its start is known "
                    + "only modulo 1 GiB; create it over a buffer less than 1 GiB longer than the tensor");
        }
        return region.limit((int) (position + units)).position((int) position);
    }

    /** ONNX Runtime's direct buffer over the tensor's memory, read while no thread can close the tensor. */
    private static ByteBuffer memoryOf(OnnxTensor tensor, DataType type, long[] shape) {
        if (MEMORY == null) {
            throw new ArgOnnxException("OrtTensors.view: this ONNX Runtime's OnnxTensor shows no getBuffer(), the "
                    + "address it reads a " + type.onnxName() + " tensor " + Arrays.toString(shape) + " from");
        }
        synchronized (tensor) { // OnnxTensor.close() holds the tensor's lock
            if (tensor.isClosed()) {
                throw new ArgOnnxException("OrtTensors.view: the " + type.onnxName() + " tensor "
                        + Arrays.toString(shape) + " is closed");
            }
            try {
                return (ByteBuffer) MEMORY.invoke(tensor);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new ArgOnnxException("OrtTensors.view: ONNX Runtime did not show where it reads the "
                        + type.onnxName() + " tensor " + Arrays.toString(shape), e);
            }
        }
    }

    /** The address of a typed buffer's first element, modulo {@link #UNIT}. */
    private static long addressOf(Buffer region) {
        Buffer first = region.duplicate().limit(1);
        long[] one = {1};
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OnnxTensor probe = first instanceof FloatBuffer b ? OnnxTensor.createTensor(env, b, one)
                : first instanceof DoubleBuffer b ? OnnxTensor.createTensor(env, b, one)
                : first instanceof ShortBuffer b ? OnnxTensor.createTensor(env, b, one, OnnxJavaType.INT16)
                : first instanceof IntBuffer b ? OnnxTensor.createTensor(env, b, one)
                : OnnxTensor.createTensor(env, (LongBuffer) first, one)) {
            return memoryOf(probe, DataType.INT8, one).alignmentOffset(0, UNIT);
        } catch (OrtException e) {
            throw new ArgOnnxException("OrtTensors.view: ONNX Runtime did not show the address of a "
                    + region.getClass().getSimpleName(), e);
        }
    }

    private static int unitBytes(Buffer buffer) {
        if (buffer instanceof ShortBuffer) {
            return 2;
        }
        if (buffer instanceof IntBuffer || buffer instanceof FloatBuffer) {
            return 4;
        }
        return buffer instanceof LongBuffer || buffer instanceof DoubleBuffer ? 8 : 1;
    }

    private static Method memoryMethod() {
        try {
            Method method = OnnxTensor.class.getDeclaredMethod("getBuffer");
            method.setAccessible(true);
            return method.getReturnType() == ByteBuffer.class ? method : null;
        } catch (NoSuchMethodException | RuntimeException e) {
            return null; // another ONNX Runtime: view refuses, naming what it lacks
        }
    }
}
