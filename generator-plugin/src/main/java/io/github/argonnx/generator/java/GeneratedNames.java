package io.github.argonnx.generator.java;

import com.palantir.javapoet.ClassName;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.Locale;

/**
 * Every name the generator gives to generated code: packages, classes, and the methods and fields
 * that more than one emitter (or the runtime core) refers to. Emitters ask here instead of
 * concatenating names themselves, so that a class and every reference to it agree.
 */
public final class GeneratedNames {

    /** The key-mapping method of a kernel: returns a key of the kernel's key type ({@code int} for 16-bit floats). */
    public static final String ORDER_KEY = "orderKey";

    /** A 16-bit float kernel's key in a short, as the running bests of a fold hold it: {@code foldKey}. */
    public static final String FOLD_KEY = "foldKey";

    /** The lane-wise key mapping of a SIMD class: returns a vector of keys of the storage width. */
    public static final String LANE_KEYS = "laneKeys";

    /** One element's key in a SIMD class, of the storage width ({@code short} for 16-bit floats). */
    public static final String LANE_KEY = "laneKey";

    /** The constant holding the sign bit, in SIMD classes whose keys flip it. */
    public static final String SIGN_BIT = "SIGN";

    /** The vector species of a SIMD class, its lane count, and the elements per block of its row loop. */
    public static final String SPECIES = "SPECIES";
    public static final String LANES = "LANES";
    public static final String BLOCK = "BLOCK";

    /** The constant of output elements per pass of an outer-axis loop, in kernels and SIMD classes. */
    public static final String COLUMN_BLOCK = "COLUMN_BLOCK";

    /** A kernel's handle on its SIMD class. */
    public static final String VECTORIZED = "VECTORIZED";

    /** The public constant of a SIMD class: from which row length its contiguous loop runs. */
    public static final String MIN_ROW_LENGTH = "MIN_ROW_LENGTH";

    /** The constant of elements per NaN-screened block, in IEEE kernels. */
    public static final String NAN_SCREEN_BLOCK = "NAN_SCREEN_BLOCK";

    /** The constant of elements per block screened against the best, in the int32 and uint32 kernels. */
    public static final String BEATS_SCREEN_BLOCK = "BEATS_SCREEN_BLOCK";

    /** The screen of a block against the best, in the int32 and uint32 kernels. */
    public static final String ANY_BEATS = "anyBeats";

    /** The generated public enum of element types. */
    public static final String DATA_TYPE_ENUM = "DataType";

    /** The generated public tensor class. */
    public static final String TENSOR = "Tensor";

    /** The generated interface of every operator class. */
    public static final String OPERATOR_INTERFACE = "ArgReductionOperator";

    private final String basePackage;

    public GeneratedNames(String basePackage) {
        this.basePackage = basePackage;
    }

    // ---- packages ---------------------------------------------------------------------------------

    /** The package of the public API: operators, {@code Tensor}, {@code DataType}. */
    public String basePackage() {
        return basePackage;
    }

    /** Generated code only users never name: the kernels, under {@code <base>.internal}, not API. */
    public String kernelPackage() {
        return basePackage + ".internal.kernels";
    }

    /** Where the Vector API loops of the kernels go; a package of its own, since they compile apart. */
    public String vectorPackage() {
        return kernelPackage() + ".vector";
    }

    public String validationPackage() {
        return basePackage + ".internal.validation";
    }

    /** The package of the generated example tests. */
    public String examplesPackage() {
        return basePackage + ".examples";
    }

    // ---- classes -----------------------------------------------------------------------------------

    /** The kernel of an operator and type, for example {@code <base>.internal.kernels.ArgMaxFloat16Kernel}. */
    public ClassName kernelClass(Extremum extremum, ElementType type) {
        return ClassName.get(kernelPackage(), kernelSimpleName(extremum, type));
    }

    private static String kernelSimpleName(Extremum extremum, ElementType type) {
        return extremum.operatorName() + typeWord(type) + "Kernel";
    }

    /** The TopK kernel of a type, for example {@code <base>.internal.kernels.TopKFloatKernel}. */
    public ClassName topKKernelClass(ElementType type) {
        return ClassName.get(kernelPackage(), "TopK" + typeWord(type) + "Kernel");
    }

    /** The public entry of a TopK kernel: the k best of every slice, with their indices. */
    public static final String TOP_K = "topK";

    /** The property test of a kernel, for example {@code <base>.internal.kernels.ArgMaxFloat16KernelPropertyTest}. */
    public ClassName kernelPropertyTestClass(Extremum extremum, ElementType type) {
        return ClassName.get(kernelPackage(), kernelSimpleName(extremum, type) + "PropertyTest");
    }

    /** The SIMD class of a kernel, for example {@code <base>.internal.kernels.vector.ArgMaxFloatVectorLoops}. */
    public ClassName vectorLoopsClass(Extremum extremum, ElementType type) {
        return ClassName.get(vectorPackage(), extremum.operatorName() + typeWord(type) + "VectorLoops");
    }

    /** The SIMD screen of a TopK kernel's contiguous slices, for example {@code <base>.internal.kernels.vector.TopKFloatVectorScreen}. */
    public ClassName topKVectorScreenClass(ElementType type) {
        return ClassName.get(vectorPackage(), "TopK" + typeWord(type) + "VectorScreen");
    }

    /** A TopK kernel's handle on its SIMD screen. */
    public static final String VECTOR_SCREEN = "VECTOR_SCREEN";

    /** The search for the next element of a slice that may beat its k-th best, in TopK kernels and their SIMD screens. */
    public static final String NEXT_BEATING = "nextBeating";

    /** The validator of an operator version, for example {@code <base>.internal.validation.ArgMaxV13Validator}. */
    public ClassName validatorClass(OperatorSpec op, VersionSpec version) {
        return ClassName.get(validationPackage(), op.name() + "V" + version.sinceVersion() + "Validator");
    }

    /** The public operator class, for example {@code <base>.ArgMax}. */
    public ClassName operatorClass(OperatorSpec op) {
        return ClassName.get(basePackage, op.name());
    }

    /** The common interface of the operator classes, {@code <base>.ArgReductionOperator}. */
    public ClassName operatorInterface() {
        return ClassName.get(basePackage, OPERATOR_INTERFACE);
    }

    public ClassName dataTypeEnum() {
        return ClassName.get(basePackage, DATA_TYPE_ENUM);
    }

    public ClassName tensorClass() {
        return ClassName.get(basePackage, TENSOR);
    }

    /** An operator bound to an input type and shape, {@code <base>.PreparedArgReduction}. */
    public ClassName preparedOperatorClass() {
        return ClassName.get(basePackage, "PreparedArgReduction");
    }

    /** A TopK-family operator bound to an input type, shape and k, for example {@code <base>.PreparedTopK}. */
    public ClassName preparedTopKClass(OperatorSpec op) {
        return ClassName.get(basePackage, "Prepared" + op.name());
    }

    /** The entry point of partial results, {@code <base>.PartialReduction}. */
    public ClassName partialReductionClass() {
        return ClassName.get(basePackage, "PartialReduction");
    }

    /** The entry point of TopK's partial results, {@code <base>.TopKPartials}. */
    public ClassName topKPartialsClass() {
        return ClassName.get(basePackage, "TopKPartials");
    }

    /** The package-private partial keys of a type, for example {@code <base>.Float16PartialKeys}. */
    public ClassName partialKeysClass(ElementType type) {
        return ClassName.get(basePackage, typeWord(type) + "PartialKeys");
    }

    /** The example test of an operator and type, for example {@code <base>.examples.ArgMaxFloatExamplesTest}. */
    public ClassName examplesTestClass(OperatorSpec op, ElementType type) {
        return ClassName.get(examplesPackage(), op.name() + typeWord(type) + "ExamplesTest");
    }

    // ---- members -----------------------------------------------------------------------------------

    /** The word for a type inside generated names: its ONNX name capitalized, for example {@code Uint8}. */
    public static String typeWord(ElementType type) {
        String onnxName = type.onnxName();
        return Character.toUpperCase(onnxName.charAt(0)) + onnxName.substring(1);
    }

    /** The {@code Tensor} factory for a type, for example {@code ofFloat16}. */
    public static String tensorFactory(ElementType type) {
        return "of" + typeWord(type);
    }

    /** An ONNX attribute name as a Java identifier: {@code select_last_index} becomes {@code selectLastIndex}. */
    public static String attributeMethod(String onnxName) {
        StringBuilder b = new StringBuilder();
        boolean upper = false;
        for (char c : onnxName.toCharArray()) {
            if (c == '_') {
                upper = b.length() > 0;
            } else {
                b.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return b.toString();
    }

    /** An ONNX attribute name as a Java constant: {@code select_last_index} becomes {@code SELECT_LAST_INDEX}. */
    public static String attributeConstant(String onnxName) {
        return onnxName.toUpperCase(Locale.ROOT);
    }

    /** The test of a spec example at one operator version, for example {@code keepdims_v13}. */
    public static String exampleTestMethod(String exampleName, VersionSpec version) {
        return identifier(exampleName) + "_v" + version.sinceVersion();
    }

    /** The constant holding a spec example's input, for example {@code KEEPDIMS_DATA}. */
    public static String exampleDataField(String exampleName) {
        return identifier(exampleName).toUpperCase(Locale.ROOT) + "_DATA";
    }

    /** Spec text as a Java identifier: every other character becomes {@code _}. */
    private static String identifier(String name) {
        String id = name.replaceAll("[^A-Za-z0-9_]", "_");
        return Character.isJavaIdentifierStart(id.charAt(0)) ? id : "_" + id;
    }

    /** A kernel's loop over one contiguous slice, for example {@code firstIndexOfLargest}. */
    public static String indexInSlice(Extremum extremum, boolean last) {
        String adjective = extremum.adjective();
        return (last ? "lastIndexOf" : "firstIndexOf") + Character.toUpperCase(adjective.charAt(0)) + adjective.substring(1);
    }

    /** {@link #indexInSlice}'s loop for slices of whole blocks and more, for example {@code firstIndexOfLargestInBlocks}. */
    public static String indexInSliceBlocks(Extremum extremum, boolean last) {
        return indexInSlice(extremum, last) + "InBlocks";
    }

    /** The loop over adjacent columns of an outer reduced axis, in kernels and SIMD classes: {@code firstIndicesInColumns}. */
    public static String indicesInColumns(boolean last) {
        return last ? "lastIndicesInColumns" : "firstIndicesInColumns";
    }

    /**
     * A kernel's public entry that folds the rows of an outer-axis chunk into running bests a partial
     * result's accumulator keeps: {@code foldRows}.
     */
    public static final String FOLD_ROWS = "foldRows";

    /** A kernel's or SIMD class's loop of {@link #FOLD_ROWS} over adjacent columns: {@code foldFirstInColumns}. */
    public static String foldInColumns(boolean last) {
        return last ? "foldLastInColumns" : "foldFirstInColumns";
    }

    /** Outer-axis inputs reduced one column at a time, in kernels and SIMD classes alike. */
    public static final String SMALL_STRIDED_INPUT = "SMALL_STRIDED_INPUT";

    /**
     * A scalar loop over one column: a kernel's, for small outer-axis inputs; a SIMD class's, for the
     * columns left after whole vectors: {@code firstIndexInColumn}.
     */
    public static String indexInColumn(boolean last) {
        return last ? "lastIndexInColumn" : "firstIndexInColumn";
    }

    /** A SIMD class's step that turns the group-relative indices of the columns into axis indices: {@code writeGroupIndices}. */
    public static final String WRITE_GROUP_INDICES = "writeGroupIndices";

    /**
     * A SIMD class's fold of one row into the running bests of whole vectors of columns: {@code oneRowInColumns},
     * or {@code oneRowOrTieInColumns} where a tie replaces the best.
     */
    public static String oneRowInColumns(boolean replaceOnTie) {
        return replaceOnTie ? "oneRowOrTieInColumns" : "oneRowInColumns";
    }

    /** A SIMD class's constant: rows of an outer axis per group of lane-held indices. */
    public static final String INDEX_GROUP = "INDEX_GROUP";

    /** A SIMD class's {@code long} species, whose lanes take axis indices as they are written out. */
    public static final String INDEX_SPECIES = "INDEX_SPECIES";

    /** The constant of rows folded per pass over a block of columns, in kernels and SIMD classes. */
    public static final String ROWS_PER_PASS = "ROWS_PER_PASS";

    /**
     * A SIMD class's watch on one of its public entries, the runtime's {@code VectorLoopWatch}: for
     * {@code reduceStrided}, {@code REDUCE_STRIDED_WATCH}.
     */
    public static String entryWatch(String entry) {
        return entry.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT) + "_WATCH";
    }

    /** A SIMD class's loop over contiguous rows: {@code firstIndicesInRows}. */
    public static String indicesInRows(boolean last) {
        return last ? "lastIndicesInRows" : "firstIndicesInRows";
    }

    /** A SIMD class's row loop from each row's rival: {@code firstIndicesBeatingInRows(data, offset, rows, length, rivalBits, out)}. */
    public static final String INDICES_BEATING_IN_ROWS = "firstIndicesBeatingInRows";

    /** A SIMD class's search of a row's winning block for the best's lane: {@code firstBestInBlock(data, block, best)}. */
    public static String bestInBlock(boolean last) {
        return last ? "lastBestInBlock" : "firstBestInBlock";
    }

    /** A kernel's search of a range for a NaN that may be absent (then -1): {@code firstNaN(data, from, to)}. */
    public static String nanInRange(boolean last) {
        return last ? "lastNaN" : "firstNaN";
    }

    /** A SIMD class's search for a NaN known to be there: {@code firstKnownNaN(data, from)}. */
    public static String knownNaN(boolean last) {
        return last ? "lastKnownNaN" : "firstKnownNaN";
    }
}
