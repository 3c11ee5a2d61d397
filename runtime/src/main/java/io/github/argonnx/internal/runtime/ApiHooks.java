package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgPartial;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.Parallelism;
import io.github.argonnx.runtime.PartialSignature;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What generated code and the internal runtime do with the API classes of {@code io.github.argonnx.runtime}
 * that users do not: build a signature from internal types, feed an accumulator a chunk in a kernel's own
 * form, hand a result its array without a copy. Those members are package-private there, so that the API
 * classes show users only what users call; this class reaches them through the one {@link Access} that the
 * API package installs, as the JDK's {@code SharedSecrets} do. Not API.
 */
public final class ApiHooks {

    /** The package-private members of the API classes, implemented in their package. */
    public interface Access {
        /**
         * A new signature.
         *
         * @param opType the op type
         * @param version the operator version
         * @param largest true for ArgMax
         * @param elementKeys the element type
         * @param call the validated call on the full input shape
         * @return the signature
         */
        PartialSignature signature(String opType, int version, boolean largest, ElementKeys elementKeys,
                ValidatedCall call);

        /**
         * The element type of a signature.
         *
         * @param signature the signature
         * @return its element keys
         */
        ElementKeys elementKeys(PartialSignature signature);

        /**
         * The subject of a signature's messages, for example {@code ArgMax-13 partial over float [4, 1000]}.
         *
         * @param signature the signature
         * @return the subject
         */
        String what(PartialSignature signature);

        /**
         * The first field of a signature that differs from the given values, or null.
         *
         * @param signature the signature
         * @param opType the other op type
         * @param version the other version
         * @param type the other ONNX element type name
         * @param axis the other axis
         * @param keepdims the other keepdims
         * @param selectLastIndex the other select_last_index
         * @param inputShape the other input shape
         * @return the difference as text, or null
         */
        String firstDifference(PartialSignature signature, String opType, int version, String type, int axis,
                boolean keepdims, boolean selectLastIndex, long[] inputShape);

        /**
         * The winning key of an element's bits.
         *
         * @param signature the signature
         * @param bits the element's bits
         * @return its winning key
         */
        long winningKey(PartialSignature signature, long bits);

        /**
         * The bits of the element with a winning key.
         *
         * @param signature the signature
         * @param winningKey the key
         * @return the element's bits
         */
        long bits(PartialSignature signature, long winningKey);

        /**
         * A partial that takes the arrays it is given, without a copy.
         *
         * @param signature its reduction
         * @param keys the winning keys
         * @param indices the global indices
         * @param coverage the ranges seen
         * @return the partial
         */
        ArgPartial partial(PartialSignature signature, long[] keys, long[] indices, AxisCoverage coverage);

        /**
         * {@link ApiHooks#add}.
         *
         * @param accumulator the accumulator
         * @param chunkLength the chunk's length along the reduced axis
         * @param axisOffset where it starts
         * @param winners finds its winners
         * @return the accumulator
         */
        ArgAccumulator add(ArgAccumulator accumulator, long chunkLength, long axisOffset, ChunkWinners winners);

        /**
         * {@link ApiHooks#fold}.
         *
         * @param accumulator the accumulator
         * @param chunkLength the chunk's length along the reduced axis
         * @param axisOffset where it starts
         * @param fold folds its rows
         * @return the accumulator
         */
        ArgAccumulator fold(ArgAccumulator accumulator, long chunkLength, long axisOffset, ChunkFold fold);

        /**
         * A result that takes the arrays it is given, without a copy.
         *
         * @param indices the indices
         * @param shape the output shape, already checked
         * @return the result
         */
        ArgResult result(long[] indices, long[] shape);

        /**
         * The executor of a parallelism.
         *
         * @param parallelism the parallelism
         * @return its executor, or null for a single thread
         */
        Executor executor(Parallelism parallelism);
    }

    /** The class of {@code io.github.argonnx.runtime} that installs the access when initialised. */
    private static final String ACCESS_CLASS = "io.github.argonnx.runtime.InternalAccess";

    private static volatile Access access;

    private ApiHooks() {}

    /**
     * Called once, by the API package's access class; any other call is refused.
     *
     * @param implementation the access
     * @throws IllegalStateException if an access was installed before or this is not the API package's
     */
    public static synchronized void install(Access implementation) {
        if (access != null || !implementation.getClass().getName().equals(ACCESS_CLASS)) {
            throw new IllegalStateException("ApiHooks.install is for io.github.argonnx.runtime alone, once");
        }
        access = implementation;
    }

    /**
     * The access, installed by initialising the API package's access class the first time it is needed.
     *
     * @return the access
     */
    public static Access access() {
        Access installed = access;
        if (installed == null) {
            try {
                Class.forName(ACCESS_CLASS, true, ApiHooks.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("argonnx-runtime is incomplete: " + ACCESS_CLASS + " is missing", e);
            }
            installed = Objects.requireNonNull(access, ACCESS_CLASS + " installed no access");
        }
        return installed;
    }

    /**
     * The signature of one operator version, element type and call; generated {@code PartialReduction}s call it.
     *
     * @param opType the operator's ONNX op type, for example {@code ArgMax}
     * @param version the operator version
     * @param largest true when the operator looks for the largest element (ArgMax)
     * @param elementKeys the element type
     * @param call the operator's validated call on the full input shape
     * @return the signature
     * @throws ArgOnnxException if the output has more than {@link Integer#MAX_VALUE} elements
     */
    public static PartialSignature signature(String opType, int version, boolean largest, ElementKeys elementKeys,
            ValidatedCall call) {
        return access().signature(opType, version, largest, elementKeys, call);
    }

    /**
     * Folds one chunk of the reduced axis into an accumulator: {@code winners} writes the chunk's winners
     * into arrays the accumulator keeps, and each replaces the running entry it beats. Generated code calls
     * this with a chunk's kernel call; {@code PartialReduction.reduceInto} is the entry point for users.
     *
     * @param accumulator the accumulator
     * @param chunkLength the chunk's length along the reduced axis
     * @param axisOffset where the chunk starts along the reduced axis
     * @param winners finds the chunk's winners: local indices and their order keys
     * @return the accumulator
     * @throws ArgOnnxException if the chunk does not fit the reduced axis or overlaps what was added
     *     before; the accumulator is unchanged then, and {@code winners} is not called
     */
    public static ArgAccumulator add(ArgAccumulator accumulator, long chunkLength, long axisOffset,
            ChunkWinners winners) {
        return access().add(accumulator, chunkLength, axisOffset, winners);
    }

    /**
     * Folds one chunk of the reduced axis into an accumulator's running bests in the kernel's form when it
     * starts at or after everything added before, else as {@link #add}. Generated code calls this for chunks
     * of an outer axis.
     *
     * @param accumulator the accumulator
     * @param chunkLength the chunk's length along the reduced axis
     * @param axisOffset where the chunk starts along the reduced axis
     * @param fold folds the chunk's rows, or finds its winners
     * @return the accumulator
     * @throws ArgOnnxException if the chunk does not fit the reduced axis or overlaps what was added
     *     before; the accumulator is unchanged then, and {@code fold} is not called
     */
    public static ArgAccumulator fold(ArgAccumulator accumulator, long chunkLength, long axisOffset, ChunkFold fold) {
        return access().fold(accumulator, chunkLength, axisOffset, fold);
    }

    /**
     * A result of the given shape whose indices the writer fills in place, so that large outputs are not
     * copied. The writer must not keep the array it is handed.
     *
     * @param shape the output shape
     * @param writer fills the indices; not called for an empty output
     * @return the result
     * @throws ArgOnnxException if the shape is invalid or holds more than {@link Integer#MAX_VALUE} elements
     */
    public static ArgResult compute(long[] shape, IndexWriter writer) {
        long count = Shapes.elementCount("output 'reduced'", shape);
        if (count > Integer.MAX_VALUE) {
            throw new ArgOnnxException("output 'reduced' has shape " + Shapes.format(shape) + " (" + count
                    + " elements), more than a Java array can hold (" + Integer.MAX_VALUE + ")");
        }
        long[] indices = new long[(int) count];
        if (count > 0) {
            writer.write(indices);
        }
        return access().result(indices, shape.clone());
    }
}
