package io.github.argonnx.generator.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import javax.lang.model.element.Modifier;

/**
 * How the generated Vector API loops ({@code jdk.incubator.vector}) handle the elements of one type:
 * the vector class that holds them, which layouts get SIMD loops at all, and how lanes become keys
 * that compare in value order.
 *
 * <p>Keys here keep the storage width (a {@code short} lane stays a {@code short}), so that one vector
 * holds as many elements as the data; the scalar kernels may widen instead ({@link ElementOrder}).
 * Both give the same order, hence the same indices.
 */
public final class VectorForm {

    /** The package of the incubating Vector API. */
    public static final String VECTOR_PACKAGE = "jdk.incubator.vector";

    /** {@code jdk.incubator.vector.VectorOperators}, whose constants name the lane-wise operations. */
    public static final ClassName VECTOR_OPERATORS = ClassName.get(VECTOR_PACKAGE, "VectorOperators");

    /** Name of the constant that holds the sign bit, in classes whose keys flip it. */
    public static final String SIGN_NAME = "SIGN";

    /** Names of the key methods emitted into classes whose keys need one: lanes, and one element. */
    public static final String KEYS_METHOD = "orderKeys";
    public static final String KEY_METHOD = "orderKey";

    private enum Key {
        /** Java's order of the stored value is the value order. */
        AS_STORED,
        /** Unsigned: the sign bit flipped turns unsigned order into signed order, at the same width. */
        SIGN_FLIPPED,
        /** IEEE binary32/64: the value is its own key; NaN is found by a test of its own. */
        IEEE_WITH_NAN,
        /** binary16 or bfloat16 bits: mapped to a short by value, NaN to the winning extreme. */
        SIXTEEN_BIT_FLOAT
    }

    private final Key key;
    private final DataType.Storage storage;
    private final String formatName;
    private final int infinityMagnitude;
    private final boolean contiguous;
    private final boolean strided;

    private VectorForm(Key key, DataType.Storage storage, String formatName, int infinityMagnitude) {
        this.key = key;
        this.storage = storage;
        this.formatName = formatName;
        this.infinityMagnitude = infinityMagnitude;
        // Measured: for 64-bit integers the scalar loop over a contiguous row beat the 8-lane vector loop.
        this.contiguous = storage != DataType.Storage.LONG;
        // Outer-axis loops keep each column's running index in a lane of the data's own width, so that one
        // mask selects value and index; 8- and 16-bit lanes cannot count far enough.
        this.strided = storage.byteWidth() >= 4;
    }

    /** The form of a type, from how its bits are ordered and what they are stored in. */
    static VectorForm of(DataType.Ordering ordering, DataType.Storage storage, String onnxName) {
        switch (ordering) {
            case SIGNED:
                return new VectorForm(Key.AS_STORED, storage, onnxName, 0);
            case UNSIGNED:
                return new VectorForm(Key.SIGN_FLIPPED, storage, onnxName, 0);
            case IEEE_FLOAT:
                return new VectorForm(Key.IEEE_WITH_NAN, storage, onnxName, 0);
            case FLOAT16_BITS:
            case BFLOAT16_BITS:
                return new VectorForm(Key.SIXTEEN_BIT_FLOAT, storage, onnxName, ordering.infinityMagnitude());
            default:
                throw new AssertionError(ordering);
        }
    }

    /** Whether there are SIMD loops for a contiguous reduced axis ({@code inner == 1}). */
    public boolean contiguous() {
        return contiguous;
    }

    /** Whether there are SIMD loops for an outer reduced axis ({@code inner > 1}). */
    public boolean strided() {
        return strided;
    }

    /** Whether there are SIMD loops for this type at all. */
    public boolean any() {
        return contiguous || strided;
    }

    /** The vector class, for example {@code jdk.incubator.vector.FloatVector}. */
    public ClassName vectorClass() {
        String primitive = storage.primitive();
        return ClassName.get(VECTOR_PACKAGE, Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1) + "Vector");
    }

    /** {@code VectorSpecies<Float>} and the like. */
    public TypeName speciesType() {
        return ParameterizedTypeName.get(ClassName.get(VECTOR_PACKAGE, "VectorSpecies"), storage.boxedType());
    }

    /** {@code VectorMask<Float>} and the like. */
    public TypeName maskType() {
        return ParameterizedTypeName.get(ClassName.get(VECTOR_PACKAGE, "VectorMask"), storage.boxedType());
    }

    /** The type of a key (and of a lane): the storage primitive. */
    public TypeName keyType() {
        return storage.type();
    }

    /** Whether NaN must be looked for apart from the keys (IEEE types); 16-bit floats map it to a key. */
    public boolean testsNaN() {
        return key == Key.IEEE_WITH_NAN;
    }

    /**
     * The largest axis length the outer-axis loops count exactly, if there is a limit: indices are
     * kept in lanes of the data's type, and a float holds every integer only up to 2^24.
     */
    public OptionalInt stridedAxisLimit() {
        return storage == DataType.Storage.FLOAT ? OptionalInt.of(1 << 24) : OptionalInt.empty();
    }

    /** An axis index as a lane value for {@code broadcast}: cast where the lane is a floating type. */
    public CodeBlock indexLane(CodeBlock index) {
        return storage == DataType.Storage.FLOAT || storage == DataType.Storage.DOUBLE
                ? CodeBlock.of("($T) $L", storage.type(), index) : index;
    }

    /** The keys of a vector of stored elements, as an expression. */
    public CodeBlock keys(CodeBlock vector) {
        switch (key) {
            case SIGN_FLIPPED:
                return CodeBlock.of("$L.lanewise($T.XOR, $N)", vector, VECTOR_OPERATORS, SIGN_NAME);
            case SIXTEEN_BIT_FLOAT:
                return CodeBlock.of("$N($L)", KEYS_METHOD, vector);
            default:
                return vector;
        }
    }

    /** The key of one stored element, as an expression of the storage type. */
    public CodeBlock key(CodeBlock element) {
        switch (key) {
            case SIGN_FLIPPED:
                // byte and short arithmetic is int arithmetic in Java: narrow the result back.
                return storage.byteWidth() < 4
                        ? CodeBlock.of("($T) ($L ^ $N)", storage.type(), element, SIGN_NAME)
                        : CodeBlock.of("$L ^ $N", element, SIGN_NAME);
            case SIXTEEN_BIT_FLOAT:
                return CodeBlock.of("$N($L)", KEY_METHOD, element);
            default:
                return element;
        }
    }

    /** The constants the key expressions use. */
    public List<FieldSpec> keyConstants() {
        if (key != Key.SIGN_FLIPPED) {
            return List.of();
        }
        return List.of(FieldSpec.builder(storage.type(), SIGN_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Flipping it turns the unsigned order of the bits into Java's signed order.\n")
                .initializer("$T.MIN_VALUE", storage.boxedType())
                .build());
    }

    /** The methods the key expressions call: for 16-bit floats, the lane-wise and the one-element mapping. */
    public List<MethodSpec> keyMethods(Extremum extremum) {
        List<MethodSpec> methods = new ArrayList<>();
        if (key != Key.SIXTEEN_BIT_FLOAT) {
            return methods;
        }
        String nanKey = extremum == Extremum.LARGEST ? "MAX_VALUE" : "MIN_VALUE";
        ClassName vector = vectorClass();
        methods.add(MethodSpec.methodBuilder(KEYS_METHOD)
                .addJavadoc("Maps $L bits to shorts in the order of their values: -0 and +0 both map to 0, and NaN\n"
                        + "maps to {@code Short.$L}, which no number reaches, so that it beats every number.\n",
                        formatName, nanKey)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(vector)
                .addParameter(vector, "bits")
                .addStatement("$T magnitude = bits.lanewise($T.AND, (short) 0x7FFF)", vector, VECTOR_OPERATORS)
                .addComment("all ones for a set sign bit: (magnitude ^ sign) - sign is then -magnitude")
                .addStatement("$T sign = bits.lanewise($T.ASHR, 15)", vector, VECTOR_OPERATORS)
                .addStatement("$T keys = magnitude.lanewise($T.XOR, sign).sub(sign)", vector, VECTOR_OPERATORS)
                .addStatement("return keys.blend($T.$L, magnitude.compare($T.GT, (short) $L))",
                        Short.class, nanKey, VECTOR_OPERATORS, hex(infinityMagnitude))
                .build());
        methods.add(MethodSpec.methodBuilder(KEY_METHOD)
                .addJavadoc("One element's key, as {@link #$N} maps lanes.\n", KEYS_METHOD)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.SHORT)
                .addParameter(TypeName.SHORT, "bits")
                .addStatement("int magnitude = bits & 0x7FFF")
                .beginControlFlow("if (magnitude > $L)", hex(infinityMagnitude))
                .addComment("exponent all ones and a non-zero fraction: NaN")
                .addStatement("return $T.$L", Short.class, nanKey)
                .endControlFlow()
                .addStatement("int sign = bits >> 15")
                .addStatement("return (short) ((magnitude ^ sign) - sign)")
                .build());
        return methods;
    }

    /**
     * The lanes where key vector {@code candidate} replaces key vector {@code best}, as a mask: strictly
     * nearer the extremum; for IEEE types also a NaN candidate against a number, never anything against
     * a NaN best.
     */
    public CodeBlock beats(CodeBlock candidate, CodeBlock best, Extremum extremum) {
        if (key == Key.IEEE_WITH_NAN) {
            return CodeBlock.of("$L.compare($T.$L, $L).not().and($L.compare($T.EQ, $L))", candidate, VECTOR_OPERATORS,
                    extremum.vectorDoesNotBeat(), best, best, VECTOR_OPERATORS, best);
        }
        return CodeBlock.of("$L.compare($T.$L, $L)", candidate, VECTOR_OPERATORS, extremum.vectorBeats(), best);
    }

    /** As {@link #beats}, for two keys held in scalars. */
    public CodeBlock beatsOne(CodeBlock candidate, CodeBlock best, Extremum extremum) {
        if (key == Key.IEEE_WITH_NAN) {
            return CodeBlock.of("!($L $L $L) && $L == $L", candidate, extremum.doesNotBeatOperator(), best, best, best);
        }
        return CodeBlock.of("$L $L $L", candidate, extremum.beatsOperator(), best);
    }

    /** For documentation: how the loops compare the elements. */
    public String description() {
        switch (key) {
            case SIGN_FLIPPED:
                return "Elements compare as unsigned: the sign bit of every lane is flipped, which turns the\n"
                        + "unsigned order into the signed order lanes compare in.";
            case IEEE_WITH_NAN:
                return "Elements compare by value, -0 tying +0; NaN beats every number, so a block whose extreme\n"
                        + "is NaN is searched for its first (last) NaN.";
            case SIXTEEN_BIT_FLOAT:
                return "Elements compare by value: " + formatName + " bits are mapped to shorts in value order, -0 and +0\n"
                        + "to 0, NaN to the winning extreme.";
            default:
                return "Elements compare as signed integers.";
        }
    }

    private static String hex(int value) {
        return String.format("0x%04X", value);
    }
}
