package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The byte form of a partial result, little-endian throughout (docs/partials.md is its reference):
 *
 * <pre>
 * magic "ARGP" | format version u8 | total length int32 | op type: length u8, UTF-8 | operator version int32
 * | element type int32 (TensorProto code) | axis int32 | attributes
 * | rank int32 | input shape int64 x rank | ranges int32 | (start int64, end int64) x ranges
 * | (element bits, byteWidth bytes; global index int64) x entries | CRC-32C int32 of all before
 * </pre>
 *
 * <p>The op type decides the attributes: {@code keepdims u8 | select_last_index u8} for ArgMax and ArgMin,
 * {@code largest u8 | sorted u8 | k int64} for TopK. The entries are the output elements' best lists in
 * order, best first: one per element for ArgMax and ArgMin, for TopK k per element, or as many as the
 * covered ranges hold positions if that is fewer; TopK's keep each element's exact bits.
 */
public final class PartialCodec {

    static final int FORMAT_VERSION = 1;
    private static final byte[] MAGIC = {'A', 'R', 'G', 'P'};
    /** Magic, format version and total length: enough to say whether the rest can be read at all. */
    private static final int PREAMBLE = MAGIC.length + 1 + 4;
    private static final int CHECKSUM = 4;

    private PartialCodec() {}

    /**
     * The byte form of a partial.
     *
     * @param partial the partial
     * @return a new array holding its byte form
     * @throws ArgOnnxException if the form would not fit a Java array
     */
    public static byte[] encode(PartialState partial) {
        ReductionSignature signature = partial.signature();
        AxisCoverage coverage = partial.coverage();
        long[] keys = partial.entries().keys;
        long[] indices = partial.entries().indices;
        byte[] opType = signature.opType().getBytes(StandardCharsets.UTF_8);
        long[] shape = signature.inputShape();
        int rangeCount = coverage.size();
        int width = signature.elementKeys().byteWidth();
        String[] attributeNames = signature.attributeNames();
        long[] attributeValues = signature.attributeValues();
        int count = signature.bestCount();
        int stored = storedPerList(count, coverage);
        long entryCount = (long) signature.outputSize() * stored;
        long length = (long) PREAMBLE + 1 + opType.length + 4 + 4 + 4 + attributesLength(attributeNames) + 4
                + 8L * shape.length + 4 + 16L * rangeCount + (width + 8) * entryCount + CHECKSUM;
        if (length > Integer.MAX_VALUE - 8) {
            throw new ArgOnnxException(signature.what() + ": the byte form would take " + length
                    + " bytes, more than a Java array holds");
        }
        ByteBuffer out = ByteBuffer.allocate((int) length).order(ByteOrder.LITTLE_ENDIAN);
        out.put(MAGIC).put((byte) FORMAT_VERSION).putInt((int) length);
        out.put((byte) opType.length).put(opType).putInt(signature.version());
        out.putInt(signature.elementKeys().tensorProtoCode()).putInt(signature.axis());
        for (int i = 0; i < attributeNames.length; i++) {
            if (isCount(attributeNames[i])) {
                out.putLong(attributeValues[i]);
            } else {
                out.put((byte) attributeValues[i]);
            }
        }
        out.putInt(shape.length);
        for (long d : shape) {
            out.putLong(d);
        }
        out.putInt(rangeCount);
        coverage.forEach((start, end) -> {
            out.putLong(start).putLong(end);
            return true;
        });
        long[] exactBits = partial.entries().bits;
        for (int p = 0; p < keys.length; p++) {
            if (p % count >= stored) {
                continue; // an empty place: the ranges hold fewer positions than k
            }
            long bits = exactBits != null ? exactBits[p] : signature.bits(keys[p]);
            for (int b = 0; b < width; b++) {
                out.put((byte) (bits >>> (8 * b)));
            }
            out.putLong(indices[p]);
        }
        out.putInt(checksum(out.array(), out.position()));
        return out.array();
    }

    /** Entries stored per list: the count, or the positions the ranges hold if fewer. */
    private static int storedPerList(int count, AxisCoverage coverage) {
        long[] positions = {0};
        coverage.forEach((start, end) -> {
            positions[0] += end - start;
            return positions[0] < count;
        });
        return (int) Math.min(count, positions[0]);
    }

    /** The attribute stored as an int64 count; the others are flags, one byte each. */
    private static boolean isCount(String attribute) {
        return attribute.equals("k");
    }

    private static int attributesLength(String[] names) {
        int length = 0;
        for (String name : names) {
            length += isCount(name) ? 8 : 1;
        }
        return length;
    }

    /**
     * Reads a partial from its byte form and checks it belongs to {@code expected}.
     *
     * @param expected the reduction the partial must belong to
     * @param bytes the byte form
     * @return the partial
     * @throws ArgOnnxException naming what is wrong with the bytes, in bounded text
     */
    public static PartialState decode(ReductionSignature expected, byte[] bytes) {
        String subject = expected.what() + ": byte form";
        if (bytes == null) {
            throw new ArgOnnxException(subject + " is null");
        }
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < PREAMBLE + CHECKSUM) {
            throw new ArgOnnxException(subject + " is truncated: " + bytes.length + " bytes, not even the "
                    + (PREAMBLE + CHECKSUM) + " of the preamble and checksum");
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (in.get() != MAGIC[i]) {
                throw new ArgOnnxException(subject + " is not a partial result: it does not start with the magic \"ARGP\"");
            }
        }
        int format = Byte.toUnsignedInt(in.get());
        if (format != FORMAT_VERSION) {
            throw new ArgOnnxException(subject + " has format version " + format + ", this library reads version "
                    + FORMAT_VERSION);
        }
        long declared = Integer.toUnsignedLong(in.getInt());
        if (bytes.length < declared) {
            throw new ArgOnnxException(subject + " is truncated: " + bytes.length + " bytes of the " + declared
                    + " it declares");
        }
        if (bytes.length > declared) {
            throw new ArgOnnxException(subject + " has " + (bytes.length - declared) + " trailing bytes after the "
                    + declared + " it declares");
        }
        int stored = ByteBuffer.wrap(bytes, bytes.length - CHECKSUM, CHECKSUM).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int computed = checksum(bytes, bytes.length - CHECKSUM);
        if (stored != computed) {
            throw new ArgOnnxException(subject + " is corrupted: its CRC-32C is " + hex(stored) + ", its contents give "
                    + hex(computed));
        }
        try {
            return readBody(expected, subject, in.limit(bytes.length - CHECKSUM));
        } catch (BufferUnderflowException | IllegalArgumentException e) {
            if (e instanceof ArgOnnxException known) {
                throw known;
            }
            throw new ArgOnnxException(subject + " is malformed: a field runs past the end of the data");
        }
    }

    private static PartialState readBody(ReductionSignature expected, String subject, ByteBuffer in) {
        byte[] opTypeBytes = new byte[Byte.toUnsignedInt(in.get())];
        in.get(opTypeBytes);
        String opType = new String(opTypeBytes, StandardCharsets.UTF_8);
        int version = in.getInt();
        int typeCode = in.getInt();
        int axis = in.getInt();
        // the op type read decides the attributes stored; any other op type is refused below by name
        String[] attributeNames = opType.equals("TopK") ? new String[] {"largest", "sorted", "k"}
                : new String[] {"keepdims", "select_last_index"};
        long[] attributeValues = new long[attributeNames.length];
        for (int i = 0; i < attributeNames.length; i++) {
            attributeValues[i] = isCount(attributeNames[i]) ? in.getLong()
                    : flag(subject, attributeNames[i], in.get()) ? 1 : 0;
        }
        int rank = in.getInt();
        if (rank < 0 || rank > in.remaining() / 8) {
            throw new ArgOnnxException(subject + " is malformed: rank " + rank + " does not fit its length");
        }
        long[] shape = new long[rank];
        for (int i = 0; i < rank; i++) {
            shape[i] = in.getLong();
        }
        ElementKeys keys = expected.elementKeys();
        String type = typeCode == keys.tensorProtoCode() ? keys.onnxName() : "with TensorProto code " + typeCode;
        String differs = expected.firstDifference(opType, version, type, axis, attributeNames, attributeValues, shape);
        if (differs != null) {
            throw new ArgOnnxException(subject + " is of another reduction: " + differs);
        }
        int rangeCount = in.getInt();
        if (rangeCount < 1 || rangeCount > in.remaining() / 16) {
            throw new ArgOnnxException(subject + " is malformed: " + rangeCount + " covered ranges do not fit its length");
        }
        long[] starts = new long[rangeCount];
        long[] ends = new long[rangeCount];
        for (int i = 0; i < rangeCount; i++) {
            starts[i] = in.getLong();
            ends[i] = in.getLong();
        }
        AxisCoverage coverage = AxisCoverage.ofRanges(subject, starts, ends, expected.axisLength());
        int count = expected.bestCount();
        int stored = storedPerList(count, coverage);
        long size = (long) expected.outputSize() * stored;
        int width = keys.byteWidth();
        if (in.remaining() != size * (width + 8)) {
            throw new ArgOnnxException(subject + " is malformed: " + in.remaining() + " bytes of entries, "
                     + size + " entries take " + size * (width + 8));
        }
        BestLists lists = expected.keepsBits() ? BestLists.vacant(count, expected.outputSize())
                : BestLists.empty(count, expected.outputSize());
        long[] scratch = stored > 1 ? new long[stored] : null;
        for (int p = 0; p < lists.keys.length; p++) {
            if (p % count >= stored) {
                continue; // an empty place, as vacant lists hold it
            }
            long bits = 0;
            for (int b = 0; b < width; b++) {
                bits |= Byte.toUnsignedLong(in.get()) << (8 * b);
            }
            lists.keys[p] = expected.winningKey(bits);
            lists.indices[p] = in.getLong();
            if (lists.bits != null) {
                lists.bits[p] = bits;
            }
            if (!coverage.covers(lists.indices[p])) {
                throw new ArgOnnxException(subject + " is malformed: entry " + p + " has index " + lists.indices[p]
                        + ", outside the covered ranges " + coverage.summary());
            }
            // merges rely on each list being best first, with distinct indices
            if (p % count > 0 && !expected.beats(lists.keys[p - 1], lists.indices[p - 1], lists.keys[p], lists.indices[p])) {
                throw new ArgOnnxException(subject + " is malformed: entry " + p + " (index " + lists.indices[p]
                        + ") does not rank after the entry before it in its list");
            }
            if (stored > 1 && p % count == stored - 1) {
                refuseRepeatedIndex(subject, lists.indices, p - stored + 1, stored, scratch, p / count);
            }
        }
        return new PartialState(expected, lists, coverage);
    }

    /**
     * Refuses a list that holds an index twice (under different keys, which the order check lets pass):
     * a sort of its indices, so reading costs O(log k) per entry beyond the linear pass.
     */
    private static void refuseRepeatedIndex(String subject, long[] indices, int from, int length, long[] scratch,
            int element) {
        System.arraycopy(indices, from, scratch, 0, length);
        Arrays.sort(scratch);
        for (int i = 1; i < length; i++) {
            if (scratch[i] == scratch[i - 1]) {
                throw new ArgOnnxException(subject + " is malformed: the list of output element " + element
                        + " holds index " + scratch[i] + " twice");
            }
        }
    }

    private static boolean flag(String subject, String attribute, byte value) {
        if (value != 0 && value != 1) {
            throw new ArgOnnxException(subject + " is malformed: attribute '" + attribute + "' is stored as " + value
                    + " (allowed: 0, 1)");
        }
        return value == 1;
    }

    private static int checksum(byte[] bytes, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, length);
        return (int) crc.getValue();
    }

    private static String hex(int value) {
        return String.format("0x%08X", value);
    }
}
