package io.github.argonnx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;

/**
 * The edits the byte-form fuzz tests make that do not depend on which partial a form holds: values at
 * the edges of the fields' ranges, sections cut, grown or repeated, element bits that are special, and
 * the declared length and CRC made right again, mostly, so that most mutations reach the reader's
 * checks behind the envelope's.
 */
final class ByteFormEdits {

    /** Values for a long field (k, a dimension, a range's bound, an index), each also tried one off. */
    static final long[] EDGE_LONGS = {0, 1, -1, 2, 3, 5, 6, 7, 39, 40, 41, 299, 300, 301, Integer.MAX_VALUE,
        1L << 31, 1L << 32, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1};
    /** Values for an int field (version, type, axis, rank, range count). */
    static final int[] EDGE_INTS = {0, 1, -1, 2, 3, 4, 7, 10, 11, 12, 13, 16, 24, 255, 256, Integer.MAX_VALUE,
        Integer.MIN_VALUE, 1 << 20};
    /** The offset of the envelope's declared length, after the magic. */
    private static final int DECLARED_LENGTH = 5;

    private ByteFormEdits() {}

    static long edgeLong(SplittableRandom random) {
        return EDGE_LONGS[random.nextInt(EDGE_LONGS.length)] + random.nextInt(3) - 1;
    }

    static int edgeInt(SplittableRandom random) {
        return EDGE_INTS[random.nextInt(EDGE_INTS.length)];
    }

    /** One byte in {@code [from, to)} set to a NaN's, an infinity's or all ones' byte. */
    static void specialElementByte(byte[] bytes, int from, int to, SplittableRandom random) {
        if (from < to) {
            bytes[from + random.nextInt(to - from)] = (byte) new int[] {0x7F, 0xFF, 0x80, 0x7E, 0xFC, 0x00}[random.nextInt(6)];
        }
    }

    /** Up to {@code length} bytes at {@code at} removed, the CRC's four bytes kept. */
    static byte[] cut(byte[] bytes, int at, int length) {
        int n = Math.min(length, bytes.length - 4 - at);
        byte[] out = new byte[bytes.length - n];
        System.arraycopy(bytes, 0, out, 0, at);
        System.arraycopy(bytes, at + n, out, at, bytes.length - at - n);
        return out;
    }

    /** {@code length} random bytes inserted at {@code at}. */
    static byte[] grow(byte[] bytes, int at, int length, SplittableRandom random) {
        byte[] inserted = new byte[length];
        for (int i = 0; i < length; i++) {
            inserted[i] = (byte) random.nextInt(256);
        }
        return insert(bytes, at, inserted);
    }

    static byte[] insert(byte[] bytes, int at, byte[] inserted) {
        byte[] out = new byte[bytes.length + inserted.length];
        System.arraycopy(bytes, 0, out, 0, at);
        System.arraycopy(inserted, 0, out, at, inserted.length);
        System.arraycopy(bytes, at, out, at + inserted.length, bytes.length - at);
        return out;
    }

    /** The declared length made right nine times in ten, and the CRC nineteen times in twenty. */
    static byte[] resealed(byte[] bytes, SplittableRandom random) {
        if (random.nextInt(10) != 0 && bytes.length >= DECLARED_LENGTH + 4) {
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(DECLARED_LENGTH, bytes.length);
        }
        if (random.nextInt(20) != 0 && bytes.length >= 4) {
            CRC32C crc = new CRC32C();
            crc.update(bytes, 0, bytes.length - 4);
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(bytes.length - 4, (int) crc.getValue());
        }
        return bytes;
    }
}
