package io.github.argonnx.conformance.support;

import io.github.argonnx.PreparedTopK;
import io.github.argonnx.Tensor;
import io.github.argonnx.TopK;
import io.github.argonnx.runtime.TopKResult;
import java.util.Arrays;

/** Runs the library's {@link TopK} and reads its outputs as {@link TensorValue}s, as the reference gives them. */
public final class TopKApi {

    private TopKApi() {}

    /** The values and indices of one call, as tensors of their own. */
    public record Outputs(TensorValue values, TensorValue indices) {}

    /** Through {@code apply(data, k)}: the values are read back from a second call into caller arrays. */
    public static Outputs viaResult(TopK op, Tensor data, long k, ElementType type) {
        TopKResult<Tensor> result = op.apply(data, k);
        Outputs written = viaArrays(op, data, k, type);
        if (!Arrays.equals(result.shape(), written.indices().shape())) {
            throw new AssertionError("TopKResult shape " + Arrays.toString(result.shape()) + " differs from the shape "
                    + Arrays.toString(written.indices().shape()) + " of the call into arrays");
        }
        if (result.values().dataType() != Api.dataType(type) || !Arrays.equals(result.values().shape(), result.shape())) {
            throw new AssertionError("values " + result.values() + " do not match type " + type + " and shape "
                    + Arrays.toString(result.shape()));
        }
        return new Outputs(written.values(), TensorValue.ofInt64(result.shape(), result.indices()));
    }

    /** Through {@code apply(data, k, values, indices)} into fresh arrays of the type's storage. */
    public static Outputs viaArrays(TopK op, Tensor data, long k, ElementType type) {
        long[] shape = op.outputShape(data, k);
        int n = (int) TensorValue.count(shape);
        Object values = storage(type, n);
        long[] indices = new long[n];
        long[] returned = op.apply(data, k, values, indices);
        if (!Arrays.equals(shape, returned)) {
            throw new AssertionError("apply returned shape " + Arrays.toString(returned) + ", outputShape "
                    + Arrays.toString(shape));
        }
        return outputs(type, shape, values, indices);
    }

    /** Through {@code prepare(type, k, shape)} and a prepared call into fresh arrays, indices as ints. */
    public static Outputs viaPrepared(TopK op, Tensor data, long k, ElementType type) {
        PreparedTopK prepared = op.prepare(Api.dataType(type), k, data.shape());
        int n = prepared.outputSize();
        Object values = storage(type, n);
        int[] ints = new int[n];
        prepared.apply(data, values, ints, 0);
        return outputs(type, prepared.outputShape(), values, Arrays.stream(ints).asLongStream().toArray());
    }

    private static Outputs outputs(ElementType type, long[] shape, Object values, long[] indices) {
        int n = indices.length;
        long[] bits = new long[n];
        long mask = type.byteWidth() == 8 ? -1L : (1L << (8 * type.byteWidth())) - 1;
        for (int i = 0; i < n; i++) {
            if (values instanceof float[] f) {
                bits[i] = Float.floatToRawIntBits(f[i]) & mask;
            } else if (values instanceof double[] d) {
                bits[i] = Double.doubleToRawLongBits(d[i]);
            } else if (values instanceof byte[] b) {
                bits[i] = b[i] & mask;
            } else if (values instanceof short[] s) {
                bits[i] = s[i] & mask;
            } else if (values instanceof int[] a) {
                bits[i] = a[i] & mask;
            } else {
                bits[i] = ((long[]) values)[i];
            }
        }
        return new Outputs(TensorValue.ofBits(type, shape, bits), TensorValue.ofInt64(shape, indices));
    }

    private static Object storage(ElementType type, int n) {
        return switch (type) {
            case FLOAT -> new float[n];
            case DOUBLE -> new double[n];
            case UINT8, INT8 -> new byte[n];
            case UINT16, INT16, FLOAT16, BFLOAT16 -> new short[n];
            case UINT32, INT32 -> new int[n];
            case INT64, UINT64 -> new long[n];
        };
    }
}
