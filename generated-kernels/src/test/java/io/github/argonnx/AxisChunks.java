package io.github.argonnx;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * What the partial-result property tests cut a tensor into: random shapes, random chunkings of an axis,
 * and a chunk along the axis as an array, heap raw data or direct raw data, so that every input form
 * feeds a partial.
 */
final class AxisChunks {

    private AxisChunks() {}

    /** One to three dimensions, the first up to {@code firstAtMost}, sometimes one of them up to 300. */
    static long[] randomShape(Random random, int firstAtMost) {
        long[] shape = new long[1 + random.nextInt(3)];
        for (int i = 0; i < shape.length; i++) {
            shape[i] = 1 + random.nextInt(i == 0 ? firstAtMost : 6);
        }
        if (random.nextInt(4) == 0) {
            shape[random.nextInt(shape.length)] = 1 + random.nextInt(300);
        }
        return shape;
    }

    /** Random cut points: from one chunk of the whole axis to chunks of one element. */
    static List<long[]> randomChunking(Random random, long axisLength) {
        List<long[]> ranges = new ArrayList<>();
        int maxLength = 1 + random.nextInt((int) axisLength);
        for (long start = 0; start < axisLength; ) {
            long end = Math.min(axisLength, start + 1 + random.nextInt(maxLength));
            ranges.add(new long[] {start, end});
            start = end;
        }
        return ranges;
    }

    static long product(long[] shape) {
        return java.util.Arrays.stream(shape).reduce(1, Math::multiplyExact);
    }

    /** The elements [start, end) along the axis, copied out of the whole tensor, in a random form. */
    static Tensor chunk(Random random, DataType type, Object data, long[] shape, int axis, long start, long end) {
        long[] chunkShape = shape.clone();
        chunkShape[axis] = end - start;
        Object part = alongAxis(data, shape, axis, start, end);
        return switch (random.nextInt(3)) {
            case 0 -> arrayTensor(type, part, chunkShape);
            case 1 -> Tensor.ofRawData(type, rawData(part, type.byteWidth(), ByteBuffer.allocate(0)), chunkShape);
            default -> Tensor.ofRawData(type, rawData(part, type.byteWidth(), ByteBuffer.allocateDirect(0)), chunkShape);
        };
    }

    /** The elements [start, end) along the axis, copied out of the whole tensor into a new array. */
    static Object alongAxis(Object data, long[] shape, int axis, long start, long end) {
        long inner = 1;
        for (int i = axis + 1; i < shape.length; i++) {
            inner *= shape[i];
        }
        long outer = product(shape) / (shape[axis] * inner);
        int block = (int) ((end - start) * inner);
        Object part = Array.newInstance(data.getClass().getComponentType(), (int) (outer * block));
        for (int o = 0; o < outer; o++) {
            System.arraycopy(data, (int) ((o * shape[axis] + start) * inner), part, o * block, block);
        }
        return part;
    }

    /** {@code Tensor.ofFloat(float[], shape)} and its siblings, by the type's name. */
    static Tensor arrayTensor(DataType type, Object array, long[] shape) {
        String name = type.onnxName();
        try {
            Method factory = Tensor.class.getMethod("of" + Character.toUpperCase(name.charAt(0)) + name.substring(1),
                    array.getClass(), long[].class);
            return (Tensor) factory.invoke(null, array, shape);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The array's elements as little-endian raw_data, in a heap or direct buffer like {@code kind}. */
    static ByteBuffer rawData(Object array, int width, ByteBuffer kind) {
        int length = Array.getLength(array);
        ByteBuffer bytes = (kind.isDirect() ? ByteBuffer.allocateDirect(length * width) : ByteBuffer.allocate(length * width))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < length; i++) {
            Object e = Array.get(array, i);
            if (e instanceof Byte b) {
                bytes.put(b);
            } else if (e instanceof Short s) {
                bytes.putShort(s);
            } else if (e instanceof Integer v) {
                bytes.putInt(v);
            } else if (e instanceof Long v) {
                bytes.putLong(v);
            } else if (e instanceof Float v) {
                bytes.putInt(Float.floatToRawIntBits(v));
            } else {
                bytes.putLong(Double.doubleToRawLongBits((Double) e));
            }
        }
        return bytes.flip();
    }
}
