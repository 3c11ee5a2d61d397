package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.Arrays;
import java.util.Objects;

/**
 * What a partial result is a part of, the state a {@code PartialSignature} wraps: the operator and its
 * version, the element type, the resolved attributes, the full input shape (the reduced axis at its whole
 * length) and how many best entries each output element keeps: one for ArgMax and ArgMin, k for TopK.
 * Immutable. Not API.
 *
 * <p>It also holds the comparison partials use: each element becomes a <em>winning key</em>, a
 * {@code long} where the larger key wins (the order key, bit-inverted when the smallest win), NaN being
 * {@link Long#MAX_VALUE} for ArgMax and ArgMin alike. TopK orders NaN above every number in both
 * directions, so its NaN is the best with {@code largest = 1} and the worst with {@code largest = 0}.
 */
public final class ReductionSignature {

    private final String opType;
    private final int version;
    private final boolean largest;
    private final ElementKeys elementKeys;
    private final ValidatedCall call;
    private final long[] inputShape;
    private final long inner;
    private final int outputSize;
    /** Whether a NaN wins for both directions (ArgMax, ArgMin), or only for the largest (TopK). */
    private final boolean nanAlwaysWins;
    /** The attributes besides the axis, in byte-form order: ArgMax/ArgMin's flags or TopK's. */
    private final String[] attributeNames;
    private final long[] attributeValues;
    /** Best entries kept per output element. */
    private final int bestCount;
    /** Whether the partials keep each element's exact bits (TopK outputs values too). */
    private final boolean keepsBits;

    /**
     * The signature of one operator version, element type, attributes and full input shape; generated
     * {@code PartialReduction}s build it and wrap it in a {@code PartialSignature} ({@link Faces}).
     *
     * @param opType the operator's ONNX op type, for example {@code ArgMax}
     * @param version the operator version
     * @param largest true when the operator looks for the largest element (ArgMax)
     * @param elementKeys the element type
     * @param call the operator's validated call on the full input shape
     * @throws ArgOnnxException if an argument is null, or the output has more than {@link Integer#MAX_VALUE}
     *     elements
     */
    public ReductionSignature(String opType, int version, boolean largest, ElementKeys elementKeys, ValidatedCall call) {
        this(opType, version, largest, elementKeys, call, true, new String[] {"keepdims", "select_last_index"},
                new long[] {call == null || !call.keepdims() ? 0 : 1, call == null || !call.selectLastIndex() ? 0 : 1}, 1,
                false);
    }

    /**
     * The signature of a TopK over chunks: per output element the {@code k} best, with their exact bits.
     *
     * @param opType the op type, {@code TopK}
     * @param version the operator version
     * @param elementKeys the element type
     * @param inputShape the full input shape, checked by the operator
     * @param axis the axis, normalised to {@code [0, rank-1]}
     * @param k the number of entries kept per output element, {@code 0 <= k <= } the axis length
     * @param largest whether the largest elements win
     * @param sorted the attribute {@code sorted}, which the signature carries
     * @return the signature
     * @throws ArgOnnxException if the outputs would hold more than a Java array does
     */
    public static ReductionSignature topK(String opType, int version, ElementKeys elementKeys, long[] inputShape,
            int axis, long k, boolean largest, boolean sorted) {
        ValidatedCall call = new ValidatedCall(inputShape, axis, false, false);
        long entries = call.outputElementCount() * k;
        if (k < 0 || k > inputShape[axis] || (k > 0 && entries / k != call.outputElementCount())
                || entries > Integer.MAX_VALUE - 8) {
            throw new ArgOnnxException(opType + "-" + version + ": a partial result keeps k = " + k
                    + " entries for each of " + call.outputElementCount() + " output elements (allowed: k <= "
                    + inputShape[axis] + " and at most " + (Integer.MAX_VALUE - 8) + " entries in all)");
        }
        return new ReductionSignature(opType, version, largest, elementKeys, call, false,
                new String[] {"largest", "sorted", "k"}, new long[] {largest ? 1 : 0, sorted ? 1 : 0, k}, (int) k, true);
    }

    private ReductionSignature(String opType, int version, boolean largest, ElementKeys elementKeys, ValidatedCall call,
            boolean nanAlwaysWins, String[] attributeNames, long[] attributeValues, int bestCount, boolean keepsBits) {
        if (opType == null || elementKeys == null || call == null) {
            throw new ArgOnnxException("partial signature: argument '"
                    + (opType == null ? "opType" : elementKeys == null ? "elementKeys" : "call") + "' is null");
        }
        this.opType = opType;
        this.version = version;
        this.largest = largest;
        this.elementKeys = elementKeys;
        this.call = call;
        this.inputShape = call.inputShape();
        long count = 1;
        for (int i = call.axis() + 1; i < inputShape.length; i++) {
            count *= inputShape[i];
        }
        this.inner = count;
        if (call.outputElementCount() > Integer.MAX_VALUE) {
            throw new ArgOnnxException(operatorName() + ": a partial result holds one entry per output element, and "
                    + Shapes.format(call.outputShape()) + " has " + call.outputElementCount()
                    + " (allowed: at most " + Integer.MAX_VALUE + ")");
        }
        this.outputSize = (int) call.outputElementCount();
        this.nanAlwaysWins = nanAlwaysWins;
        this.attributeNames = attributeNames;
        this.attributeValues = attributeValues;
        this.bestCount = bestCount;
        this.keepsBits = keepsBits;
    }

    /** For example {@code ArgMax-13}. */
    public String operatorName() {
        return opType + "-" + version;
    }

    public String opType() {
        return opType;
    }

    public int version() {
        return version;
    }

    /** The input's element type and its order keys. */
    public ElementKeys elementKeys() {
        return elementKeys;
    }

    public int axis() {
        return call.axis();
    }

    public boolean keepdims() {
        return call.keepdims();
    }

    public boolean selectLastIndex() {
        return call.selectLastIndex();
    }

    /** A copy of the full input shape. */
    public long[] inputShape() {
        return inputShape.clone();
    }

    public long axisLength() {
        return inputShape[call.axis()];
    }

    /** A copy of the ONNX output shape: {@code keepdims} honoured; for TopK the axis replaced by k. */
    public long[] outputShape() {
        if (keepsBits) {
            long[] shape = inputShape.clone();
            shape[call.axis()] = bestCount;
            return shape;
        }
        return call.outputShape();
    }

    /** Whether partials keep each entry's exact bits, as TopK's values output needs. */
    public boolean keepsBits() {
        return keepsBits;
    }

    /** The attributes besides the axis, in byte-form order. */
    String[] attributeNames() {
        return attributeNames.clone();
    }

    /** The attributes' values, in the order of {@link #attributeNames()}. */
    long[] attributeValues() {
        return attributeValues.clone();
    }

    /** Output elements (for TopK: positions of the output but for the axis), one best list each in a partial. */
    public int outputSize() {
        return outputSize;
    }

    /** How many best entries each output element keeps: 1 for ArgMax and ArgMin, k for TopK. */
    public int bestCount() {
        return bestCount;
    }

    /** The product of the dimensions after the reduced axis: the axis's stride. */
    public long inner() {
        return inner;
    }

    /** The winning key of an element's bits: larger wins; NaN is {@link Long#MAX_VALUE}. */
    public long winningKey(long bits) {
        return winningKeyOfOrder(elementKeys.orderKey(bits));
    }

    /** The winning key of an element's order key ({@link ElementKeys#orderKey}). */
    public long winningKeyOfOrder(long order) {
        if (largest || (nanAlwaysWins && elementKeys.hasNaN() && order == Long.MAX_VALUE)) {
            return order;
        }
        return ~order; // reverses the order without overflow: the smallest element gets the largest key
    }

    /** The bits of an element with this winning key ({@link ElementKeys#bits}). */
    public long bits(long winningKey) {
        if (largest || (nanAlwaysWins && elementKeys.hasNaN() && winningKey == Long.MAX_VALUE)) {
            return elementKeys.bits(winningKey);
        }
        return elementKeys.bits(~winningKey);
    }

    /**
     * Whether the candidate (key, index) ranks before the other: a larger key, or an equal key at a
     * smaller index (a larger one with {@code select_last_index}). A total order on entries of distinct
     * indices, so merging is commutative and associative.
     */
    public boolean beats(long candidateKey, long candidateIndex, long bestKey, long bestIndex) {
        if (candidateKey != bestKey) {
            return candidateKey > bestKey;
        }
        return call.selectLastIndex() ? candidateIndex > bestIndex : candidateIndex < bestIndex;
    }

    /**
     * Checks that a chunk fits: its shape is the input shape but for the reduced axis, which is at least 1
     * long and ends inside the axis from {@code axisOffset}.
     *
     * @throws ArgOnnxException naming what does not fit
     */
    public void checkChunk(String elementType, long[] chunkShape, long axisOffset) {
        if (chunkShape == null) {
            throw new ArgOnnxException(what() + ": chunk shape is null");
        }
        if (!elementKeys.onnxName().equals(elementType)) {
            throw new ArgOnnxException(what() + ": chunk has element type " + elementType + ", expected "
                    + elementKeys.onnxName());
        }
        int axis = call.axis();
        boolean fits = chunkShape.length == inputShape.length;
        for (int i = 0; fits && i < inputShape.length; i++) {
            fits = i == axis || chunkShape[i] == inputShape[i];
        }
        if (!fits) {
            throw new ArgOnnxException(what() + ": chunk shape " + Shapes.format(chunkShape) + " does not match input shape "
                    + Shapes.format(inputShape) + " outside the reduced axis " + axis);
        }
        checkChunkRange(chunkShape[axis], axisOffset);
    }

    /** Checks that a chunk of this length from {@code axisOffset} on lies inside the reduced axis. */
    public void checkChunkRange(long length, long axisOffset) {
        if (length < 1 || axisOffset < 0 || axisOffset > axisLength() - length) {
            throw new ArgOnnxException(what() + ": a chunk of length " + length + " at axis offset " + axisOffset
                    + " does not fit the reduced axis " + AxisCoverage.format(0, axisLength())
                    + " (allowed: length >= 1, 0 <= offset <= " + axisLength() + " - length)");
        }
    }

    /**
     * Refuses a partial or accumulator of another signature, naming the first thing that differs.
     *
     * @param subject what the other signature belongs to, for the message
     * @param other the other signature
     * @throws ArgOnnxException if {@code other} is null or describes another reduction
     */
    public void requireSame(String subject, ReductionSignature other) {
        if (other == null) {
            throw new ArgOnnxException(what() + ": " + subject + " has no signature (null)");
        }
        if (other == this) {
            return; // the usual case, once per chunk of a stream: an accumulator of this reduction
        }
        String differs = firstDifference(other);
        if (differs != null) {
            throw new ArgOnnxException(what() + ": " + subject + " is of another reduction: " + differs);
        }
    }

    /** The first field that differs from {@code other}'s, as bounded text, or null when none does. */
    String firstDifference(ReductionSignature other) {
        return firstDifference(other.opType, other.version, other.elementKeys.onnxName(), other.axis(),
                other.attributeNames, other.attributeValues, other.inputShape);
    }

    /**
     * The first field that differs from these values, as bounded text, or null when none does.
     *
     * @param otherAttributeNames the attributes besides the axis, as {@link #attributeNames()} orders them
     * @param otherAttributeValues their values
     */
    String firstDifference(String otherOpType, int otherVersion, String otherType, int otherAxis,
            String[] otherAttributeNames, long[] otherAttributeValues, long[] otherInputShape) {
        if (!opType.equals(otherOpType)) {
            return "operator " + otherOpType + ", expected " + opType;
        }
        if (version != otherVersion) {
            return "operator version " + otherVersion + ", expected " + version;
        }
        if (!elementKeys.onnxName().equals(otherType)) {
            return "element type " + otherType + ", expected " + elementKeys.onnxName();
        }
        if (axis() != otherAxis) {
            return "attribute 'axis' " + otherAxis + ", expected " + axis();
        }
        if (!Arrays.equals(attributeNames, otherAttributeNames)) {
            return "attributes " + String.join(", ", otherAttributeNames) + ", expected " + String.join(", ", attributeNames);
        }
        for (int i = 0; i < attributeNames.length; i++) {
            if (attributeValues[i] != otherAttributeValues[i]) {
                return "attribute '" + attributeNames[i] + "' " + otherAttributeValues[i] + ", expected "
                        + attributeValues[i];
            }
        }
        if (!Arrays.equals(inputShape, otherInputShape)) {
            return "input shape " + Shapes.format(otherInputShape) + ", expected " + Shapes.format(inputShape);
        }
        return null;
    }

    /** For example {@code ArgMax-13 partial over float [4, 1000]}, the subject of messages. */
    public String what() {
        return operatorName() + " partial over " + elementKeys.onnxName() + " " + Shapes.format(inputShape);
    }

    /** Equal when they describe the same reduction. */
    @Override
    public boolean equals(Object other) {
        return other instanceof ReductionSignature that && firstDifference(that) == null;
    }

    @Override
    public int hashCode() {
        return Objects.hash(opType, version, elementKeys.onnxName(), axis(), Arrays.hashCode(attributeValues),
                Arrays.hashCode(inputShape));
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(what()).append("{axis=").append(axis());
        for (int i = 0; i < attributeNames.length; i++) {
            text.append(", ").append(attributeNames[i]).append('=').append(attributeValues[i]);
        }
        return text.append('}').toString();
    }
}
