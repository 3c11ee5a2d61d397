package io.github.argonnx.spark;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.PartialReduction;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgResult;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;

/**
 * ArgMax/ArgMin over a tensor whose reduced axis is sharded over the rows of a Dataset.
 *
 * <p>Each row is one chunk: the tensor's elements from {@code offset} on along the reduced axis, as
 * the little-endian bytes of an ONNX {@code TensorProto.raw_data} in row-major order of the chunk
 * (the full shape but for the reduced axis, whose length the byte count gives). Columns:
 * <ul>
 *   <li>{@value #OFFSET} (bigint): where the chunk starts along the reduced axis;</li>
 *   <li>{@value #RAW_DATA} (binary): the chunk's elements;</li>
 *   <li>{@value #DATA_TYPE} (int): the element type's {@code TensorProto.DataType} code (1 float, 10 float16, ...);</li>
 *   <li>{@value #SHAPE} (array of bigint): the whole tensor's shape, the same in every row.</li>
 * </ul>
 * Each partition reduces its chunks into one partial result, in one Spark job; the driver merges
 * those (one per partition, each the size of the output) and finishes to exactly the output of one {@code apply}
 * on the whole tensor. Every position of the axis must be in exactly one chunk: overlaps and gaps
 * are refused, naming the ranges.
 */
public final class ShardedTensor {
    /** The column of chunk offsets along the reduced axis. */
    public static final String OFFSET = "offset";
    /** The column of chunk bytes (ONNX raw_data, little-endian). */
    public static final String RAW_DATA = "raw_data";
    /** The column of TensorProto data type codes. */
    public static final String DATA_TYPE = "data_type";
    /** The column of the whole tensor's shape. */
    public static final String SHAPE = "shape";

    private ShardedTensor() {
    }

    /**
     * Reduces the chunks with the operator (its version and attributes).
     *
     * @param chunks the chunks, with the columns {@value #OFFSET}, {@value #RAW_DATA}, {@value #DATA_TYPE} and {@value #SHAPE}
     * @param operator the operator
     * @return the ONNX output: int64 indices and their shape
     * @throws ArgOnnxException if there are no chunks, the rows disagree on type or shape, a chunk does
     *     not fit the shape, chunks overlap or leave a gap, or the operator refuses the type or shape
     */
    public static ArgResult reduce(Dataset<Row> chunks, ArgReductionOperator operator) {
        if (operator == null) {
            throw new ArgOnnxException("sharded tensor: the operator is null");
        }
        List<ChunksPartial> partials = chunks
                .select(functions.col(OFFSET), functions.col(RAW_DATA), functions.col(DATA_TYPE), functions.col(SHAPE))
                .toJavaRDD().mapPartitions(new ChunkReducer(operator)).collect();
        if (partials.isEmpty()) {
            throw new ArgOnnxException(operator + " over a sharded tensor: the Dataset has no chunks");
        }
        ChunksPartial first = partials.get(0);
        PartialReduction reduction = PartialReduction.of(operator, DataType.fromTensorProtoCode(first.typeCode), first.shape);
        ArgAccumulator accumulator = reduction.accumulator();
        for (ChunksPartial partial : partials) {
            first.checkSameTensor(operator, partial);
            accumulator.add(reduction.fromBytes(partial.form));
        }
        return accumulator.finish();
    }

    /** The partial result of one partition's chunks, with the tensor they say they belong to. */
    private static final class ChunksPartial implements Serializable {
        private static final long serialVersionUID = 1L;

        final int typeCode;
        final long[] shape;
        final byte[] form;

        ChunksPartial(int typeCode, long[] shape, byte[] form) {
            this.typeCode = typeCode;
            this.shape = shape;
            this.form = form;
        }

        static ChunksPartial describing(Row row) {
            List<Long> dims = row.getList(3);
            long[] shape = new long[dims.size()];
            for (int i = 0; i < shape.length; i++) {
                shape[i] = dims.get(i);
            }
            return new ChunksPartial(row.getInt(2), shape, null);
        }

        void checkSameTensor(ArgReductionOperator operator, ChunksPartial other) {
            if (typeCode != other.typeCode || !Arrays.equals(shape, other.shape)) {
                throw new ArgOnnxException(operator + " over a sharded tensor: the chunks disagree on element type or shape: "
                        + this + " and " + other);
            }
        }

        @Override
        public String toString() {
            return "type code " + typeCode + " shape " + Arrays.toString(shape);
        }
    }

    /** Reduces one partition's chunks into the byte form of their partial result. */
    private static final class ChunkReducer implements FlatMapFunction<Iterator<Row>, ChunksPartial> {
        private static final long serialVersionUID = 1L;

        private final String opType;
        private final int version;
        private final Map<String, Long> attributes;

        ChunkReducer(ArgReductionOperator operator) {
            this.opType = operator.opType();
            this.version = operator.version();
            this.attributes = new LinkedHashMap<>();
            for (String name : operator.attributes().names()) {
                attributes.put(name, operator.attributes().value(name).getAsLong());
            }
        }

        @Override
        public Iterator<ChunksPartial> call(Iterator<Row> rows) {
            if (!rows.hasNext()) {
                return Collections.emptyIterator();
            }
            Row firstRow = rows.next();
            ChunksPartial tensor = ChunksPartial.describing(firstRow);
            // The operator's version is its own model opset: forNode finds the same version again.
            ArgReductionOperator operator = ArgReductionOperator.forNode(opType, version, attributes);
            DataType type = DataType.fromTensorProtoCode(tensor.typeCode);
            PartialReduction reduction = PartialReduction.of(operator, type, tensor.shape);
            int axis = reduction.signature().axis();
            long rowBytes = type.byteWidth();
            for (int d = 0; d < tensor.shape.length; d++) {
                if (d != axis) {
                    rowBytes *= tensor.shape[d];
                }
            }
            ArgAccumulator accumulator = reduction.accumulator();
            for (Row row = firstRow; row != null; row = rows.hasNext() ? rows.next() : null) {
                tensor.checkSameTensor(operator, ChunksPartial.describing(row));
                long offset = row.getLong(0);
                byte[] bytes = (byte[]) row.get(1);
                if (rowBytes == 0 || bytes == null || bytes.length == 0 || bytes.length % rowBytes != 0) {
                    throw new ArgOnnxException(reduction.signature().operatorName() + " over a sharded tensor: the chunk at offset "
                            + offset + " has " + (bytes == null ? "no" : Integer.toString(bytes.length))
                            + " bytes, not a positive multiple of the " + rowBytes + " bytes one position of the reduced axis takes");
                }
                long[] chunkShape = tensor.shape.clone();
                chunkShape[axis] = bytes.length / rowBytes;
                Tensor chunk = Tensor.ofRawData(type, ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN), chunkShape);
                reduction.reduceInto(chunk, offset, accumulator);
            }
            return List.of(new ChunksPartial(tensor.typeCode, tensor.shape, accumulator.partial().toBytes())).iterator();
        }
    }
}
