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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.IntegralType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.Function2;

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
 * The names resolve as Spark resolves them in the Dataset's session (regardless of case unless
 * {@code spark.sql.caseSensitive} is set); a name that two columns answer to is refused.
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
     * @throws ArgOnnxException if a column is missing, ambiguous or of another type, there are no chunks, the rows disagree on type or shape, a chunk does
     *     not fit the shape, chunks overlap or leave a gap, or the operator refuses the type or shape
     */
    public static ArgResult reduce(Dataset<Row> chunks, ArgReductionOperator operator) {
        if (operator == null) {
            throw new ArgOnnxException("sharded tensor: the operator is null");
        }
        if (chunks == null) {
            throw new ArgOnnxException(operator + " over a sharded tensor: the Dataset is null");
        }
        List<ChunksPartial> partials = chunks
                .select(column(chunks, OFFSET, false, operator), rawData(chunks, operator),
                        column(chunks, DATA_TYPE, false, operator), column(chunks, SHAPE, true, operator))
                .toJavaRDD().mapPartitions(new ChunkReducer(operator)).collect();
        if (partials.isEmpty()) {
            throw new ArgOnnxException(operator + " over a sharded tensor: the Dataset has no chunks");
        }
        ChunksPartial first = partials.get(0);
        for (ChunksPartial partial : partials) {
            first.checkSameTensor(operator, partial);
        }
        DataType type = DataType.fromTensorProtoCode(first.typeCode);
        if (first.form == null) {
            // No element outside the reduced axis: the output is empty, whatever the chunks hold.
            return operator.apply(Tensor.ofRawData(type, ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN), first.shape));
        }
        PartialReduction reduction = PartialReduction.of(operator, type, first.shape);
        ChunkExtents extents = new ChunkExtents(reduction.signature().operatorName(), first.shape[reduction.signature().axis()]);
        for (ChunksPartial partial : partials) {
            extents.addAll(partial.extents);
        }
        extents.requireWholeAxis();
        ArgAccumulator accumulator = reduction.accumulator();
        for (ChunksPartial partial : partials) {
            accumulator.add(reduction.fromBytes(partial.form));
        }
        return accumulator.finish();
    }

    /**
     * A column as the reducer reads it: offset and data_type as bigint, shape as an array of bigint,
     * from whichever integer types the Dataset has (they widen exactly).
     */
    private static Column column(Dataset<Row> chunks, String name, boolean array, ArgReductionOperator operator) {
        StructField field = field(chunks, name, operator);
        org.apache.spark.sql.types.DataType type = field.dataType();
        boolean integers = array ? type instanceof ArrayType arrayType && arrayType.elementType() instanceof IntegralType
                : type instanceof IntegralType;
        if (!integers) {
            throw new ArgOnnxException(operator + " over a sharded tensor: the column " + name + " is " + type.sql()
                    + ", not " + (array ? "an array of integers" : "an integer") + " (tinyint, smallint, int or bigint)");
        }
        return quoted(field).cast(array ? DataTypes.createArrayType(DataTypes.LongType) : DataTypes.LongType).as(name);
    }

    /**
     * The Dataset's one column that the name resolves to, as Spark resolves names in the Dataset's
     * session ({@code spark.sql.caseSensitive}).
     */
    private static StructField field(Dataset<Row> chunks, String name, ArgReductionOperator operator) {
        StructType schema = chunks.schema();
        Function2<String, String, Object> resolver = chunks.sparkSession().sessionState().conf().resolver();
        List<StructField> matches = new ArrayList<>();
        for (StructField field : schema.fields()) {
            if ((Boolean) resolver.apply(field.name(), name)) {
                matches.add(field);
            }
        }
        if (matches.isEmpty()) {
            throw new ArgOnnxException(operator + " over a sharded tensor: the Dataset has no column " + name + " (its columns: "
                    + String.join(", ", schema.fieldNames()) + ")");
        }
        if (matches.size() > 1) {
            throw new ArgOnnxException(operator + " over a sharded tensor: the Dataset has " + matches.size()
                    + " columns that resolve to " + name + ": " + String.join(", ", matches.stream().map(StructField::name).toList())
                    + "; it needs one");
        }
        return matches.get(0);
    }

    /** The column by its own name, quoted so that a dot or a backtick in it is part of the name. */
    private static Column quoted(StructField field) {
        return functions.col("`" + field.name().replace("`", "``") + "`");
    }

    private static Column rawData(Dataset<Row> chunks, ArgReductionOperator operator) {
        StructField field = field(chunks, RAW_DATA, operator);
        org.apache.spark.sql.types.DataType type = field.dataType();
        if (type != DataTypes.BinaryType) {
            throw new ArgOnnxException(operator + " over a sharded tensor: the column " + RAW_DATA + " is " + type.sql()
                    + ", not BINARY");
        }
        return quoted(field).as(RAW_DATA);
    }

    /** The partial result of one partition's chunks, with the tensor they say they belong to and where they lie. */
    private static final class ChunksPartial implements Serializable {
        private static final long serialVersionUID = 2L;

        final int typeCode;
        final long[] shape;
        /** The partial's byte form; null when the tensor has no element outside the reduced axis. */
        final byte[] form;
        /** The chunks as (offset, length) pairs. */
        final long[] extents;

        ChunksPartial(int typeCode, long[] shape, byte[] form, long[] extents) {
            this.typeCode = typeCode;
            this.shape = shape;
            this.form = form;
            this.extents = extents;
        }

        /** The tensor a row says it belongs to; nulls are refused naming the column and the row. */
        static ChunksPartial describing(ArgReductionOperator operator, Row row, String where) {
            long code = (Long) notNull(operator, row, 2, DATA_TYPE, where);
            if (code < Integer.MIN_VALUE || code > Integer.MAX_VALUE) {
                throw new ArgOnnxException(operator + " over a sharded tensor: " + where + " has data_type " + code
                        + ", not a TensorProto.DataType code");
            }
            notNull(operator, row, 3, SHAPE, where);
            List<Long> dims = row.getList(3);
            long[] shape = new long[dims.size()];
            for (int i = 0; i < shape.length; i++) {
                Long dim = dims.get(i);
                if (dim == null) {
                    throw new ArgOnnxException(operator + " over a sharded tensor: " + where + " has a null shape element " + i);
                }
                shape[i] = dim;
            }
            return new ChunksPartial((int) code, shape, null, null);
        }

        static Object notNull(ArgReductionOperator operator, Row row, int column, String name, String where) {
            if (row.isNullAt(column)) {
                throw new ArgOnnxException(operator + " over a sharded tensor: " + where + " has a null " + name);
            }
            return row.get(column);
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
            int partition = TaskContext.getPartitionId();
            // The operator's version is its own model opset: forNode finds the same version again.
            ArgReductionOperator operator = ArgReductionOperator.forNode(opType, version, attributes);
            Row firstRow = rows.next();
            ChunksPartial tensor = ChunksPartial.describing(operator, firstRow, where(firstRow, partition, 0));
            DataType type = DataType.fromTensorProtoCode(tensor.typeCode);
            boolean empty = false;
            for (long dim : tensor.shape) {
                empty |= dim == 0;
            }
            PartialReduction reduction = empty ? null : PartialReduction.of(operator, type, tensor.shape);
            int axis = empty ? -1 : reduction.signature().axis();
            long rowBytes = type.byteWidth();
            for (int d = 0; d < tensor.shape.length; d++) {
                if (d != axis) {
                    rowBytes *= tensor.shape[d];
                }
            }
            String name = empty ? operator.toString() : reduction.signature().operatorName();
            ChunkExtents extents = empty ? null : new ChunkExtents(name, tensor.shape[axis]);
            ArgAccumulator accumulator = empty ? null : reduction.accumulator();
            int index = 0;
            for (Row row = firstRow; row != null; row = rows.hasNext() ? rows.next() : null, index++) {
                String where = where(row, partition, index);
                tensor.checkSameTensor(operator, ChunksPartial.describing(operator, row, where));
                long offset = (Long) ChunksPartial.notNull(operator, row, 0, OFFSET, where);
                byte[] bytes = (byte[]) ChunksPartial.notNull(operator, row, 1, RAW_DATA, where);
                if (empty) {
                    if (bytes.length != 0) {
                        throw new ArgOnnxException(name + " over a sharded tensor: " + where + " has " + bytes.length
                                + " bytes, but the tensor of shape " + Arrays.toString(tensor.shape) + " has no elements");
                    }
                    continue;
                }
                if (bytes.length == 0 || bytes.length % rowBytes != 0) {
                    throw new ArgOnnxException(name + " over a sharded tensor: the chunk at offset " + offset + " has "
                            + bytes.length + " bytes, not a positive multiple of the " + rowBytes
                            + " bytes one position of the reduced axis takes");
                }
                long[] chunkShape = tensor.shape.clone();
                chunkShape[axis] = bytes.length / rowBytes;
                extents.add(offset, chunkShape[axis]);
                Tensor chunk = Tensor.ofRawData(type, ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN), chunkShape);
                reduction.reduceInto(chunk, offset, accumulator);
            }
            return List.of(new ChunksPartial(tensor.typeCode, tensor.shape, empty ? null : accumulator.partial().toBytes(),
                    empty ? new long[0] : extents.toArray())).iterator();
        }

        /** A row, for messages: its offset when it has one, and its place in its partition. */
        private static String where(Row row, int partition, int index) {
            return (row.isNullAt(0) ? "the chunk" : "the chunk at offset " + row.get(0)) + " (row " + index + " of partition "
                    + partition + ")";
        }
    }
}
