package io.github.argonnx.onnx;

import java.util.Set;

/**
 * How the reader follows an element type through operators whose output types it knows without a
 * declaration: the operators that pass an input's type on, and those whose outputs have a fixed type.
 * Everything else leaves its outputs' types unknown unless the graph declares them.
 */
final class TypeRules {

    /** Output 0 has the element type and the shape of input 0 (element-wise on one input, and the like). */
    static final Set<String> SAME_SHAPE = Set.of("Identity", "Neg", "Abs", "Relu", "LeakyRelu", "PRelu", "Elu",
            "Selu", "Celu", "Gelu", "Sigmoid", "HardSigmoid", "HardSwish", "Tanh", "Softplus", "Softsign", "Clip",
            "Softmax", "LogSoftmax", "Hardmax", "Exp", "Log", "Sqrt", "Reciprocal", "Floor", "Ceil", "Round", "Sign",
            "Erf", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh",
            "Dropout", "CumSum", "Shrink", "ThresholdedRelu", "Mish", "LpNormalization", "MeanVarianceNormalization",
            "InstanceNormalization", "BatchNormalization", "LayerNormalization", "ReverseSequence",
            "Trilu", "Swish");

    /** Output 0 has the element type of input 0, its shape changed (layout, selection, reduction, broadcasting). */
    static final Set<String> SAME_TYPE = Set.of("Reshape", "Transpose", "Squeeze", "Unsqueeze", "Flatten", "Slice",
            "Gather", "GatherElements", "GatherND", "Concat", "Add", "Sub", "Mul", "Div", "Pow", "Mod", "Max", "Min",
            "Sum", "Mean", "Expand", "Tile", "Pad", "ReduceMax", "ReduceMin", "ReduceSum", "ReduceMean", "ReduceProd",
            "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare", "MatMul", "Gemm", "Conv",
            "ConvTranspose", "MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "LpPool", "Resize",
            "Upsample", "SpaceToDepth", "DepthToSpace", "ScatterND", "ScatterElements", "Scatter", "Compress",
            "Split", "TopK", "Unique", "Einsum", "Col2Im", "GridSample", "RoiAlign", "MaxRoiPool", "Det");

    /** Input 1 gives output 0 its element type. */
    static final Set<String> TYPE_OF_SECOND_INPUT = Set.of("Where", "CastLike");

    /** Output 0 holds int64 (indices, shapes, sizes). */
    static final Set<String> INT64_OUTPUT = Set.of("ArgMax", "ArgMin", "Shape", "Size", "NonZero");

    /** Output 0 holds bool (comparisons and logic). */
    static final Set<String> BOOL_OUTPUT = Set.of("Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual", "Not",
            "And", "Or", "Xor", "IsNaN", "IsInf");

    /** Element-wise operators whose output shape is the broadcast of their inputs' shapes. */
    static final Set<String> BROADCASTING = Set.of("Add", "Sub", "Mul", "Div", "Pow", "Mod", "Max", "Min", "Sum",
            "Mean", "Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual", "And", "Or", "Xor", "Where");

    static final int INT64 = 7;
    static final int BOOL = 9;
    static final int FLOAT = 1;

    private TypeRules() {}
}
