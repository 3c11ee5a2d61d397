package io.github.argonnx.spark;

import io.github.argonnx.DataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

/** Random elements in raw_data form, tie-heavy and, for floating-point types, NaN- and zero-heavy. */
final class TestData {
    private TestData() {
    }

    /** Little-endian bit patterns of {@code count} elements: half from a small pool of repeated values. */
    static byte[] rawData(DataType type, int count, Random random) {
        int width = type.byteWidth();
        long[] pool = new long[4];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = type.isFloatingPoint() && random.nextBoolean() ? special(type, random) : random.nextLong();
        }
        ByteBuffer bytes = ByteBuffer.allocate(count * width).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            long bits = random.nextBoolean() ? pool[random.nextInt(pool.length)] : random.nextLong();
            for (int b = 0; b < width; b++) {
                bytes.put((byte) (bits >>> (8 * b)));
            }
        }
        return bytes.array();
    }

    /** A NaN (either sign, any payload), a signed zero or an infinity of the type. */
    private static long special(DataType type, Random random) {
        int width = type.byteWidth();
        int exponentBits = switch (type) {
            case FLOAT16 -> 5;
            case BFLOAT16, FLOAT -> 8;
            case DOUBLE -> 11;
            case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 ->
                throw new IllegalArgumentException(type + " has no NaN, signed zero or infinity");
        };
        int bits = width * 8;
        int mantissaBits = bits - 1 - exponentBits;
        long sign = random.nextBoolean() ? 1L << (bits - 1) : 0;
        long exponent = ((1L << exponentBits) - 1) << mantissaBits;
        return switch (random.nextInt(3)) {
            case 0 -> sign | exponent | (1 + (random.nextLong() & ((1L << mantissaBits) - 2)));
            case 1 -> sign;
            default -> sign | exponent;
        };
    }
}
