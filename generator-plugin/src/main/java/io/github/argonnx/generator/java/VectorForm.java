package io.github.argonnx.generator.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * How the generated Vector API loops ({@code jdk.incubator.vector}) handle the elements of one type:
 * the vector class that holds them and how lanes become keys
 * that compare in value order.
 *
 * <p>Keys here keep the storage width (a {@code short} lane stays a {@code short}), so that one vector
 * holds as many elements as the data; the scalar kernels may widen instead ({@link ElementOrder}).
 * Both follow the same {@link Comparison}, hence give the same indices.
 */
public final class VectorForm {

    /** The package of the incubating Vector API. */
    public static final String VECTOR_PACKAGE = "jdk.incubator.vector";

    /** {@code jdk.incubator.vector.VectorOperators}, whose constants name the lane-wise operations. */
    public static final ClassName VECTOR_OPERATORS = ClassName.get(VECTOR_PACKAGE, "VectorOperators");

    private static final ClassName VECTOR_SPECIES = ClassName.get(VECTOR_PACKAGE, "VectorSpecies");

    private final ElementType type;
    private final Comparison comparison;
    private final JavaStorage storage;

    private VectorForm(ElementType type) {
        this.type = type;
        this.comparison = Comparison.of(type);
        this.storage = JavaStorage.of(type);
    }

    public static VectorForm of(ElementType type) {
        return new VectorForm(type);
    }

    /** The vector class, for example {@code jdk.incubator.vector.FloatVector}. */
    public ClassName vectorClass() {
        return vectorClassOf(storage);
    }

    private static ClassName vectorClassOf(JavaStorage lanes) {
        String primitive = lanes.primitive();
        return ClassName.get(VECTOR_PACKAGE, Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1) + "Vector");
    }

    /** {@code VectorSpecies<Float>} and the like. */
    public TypeName speciesType() {
        return ParameterizedTypeName.get(VECTOR_SPECIES, storage.boxedType());
    }

    /**
     * The species of the SIMD class: its lane type at the vector size the runtime chose at startup
     * ({@code VectorSupport.vectorBitSize()}, at most 256 bits unless asked for more), not the CPU's
     * preferred size, which on AVX-512 CPUs is slower (see the runtime's {@code VectorSupport}).
     */
    public CodeBlock species() {
        return speciesOf(storage.type());
    }

    private static CodeBlock speciesOf(TypeName lane) {
        return CodeBlock.of("$T.of($T.class, $T.forBitSize($T.vectorBitSize()))", VECTOR_SPECIES, lane,
                ClassName.get(VECTOR_PACKAGE, "VectorShape"), RuntimeClasses.VECTOR_SUPPORT);
    }

    /** {@code VectorMask<Float>} and the like. */
    public TypeName maskType() {
        return ParameterizedTypeName.get(ClassName.get(VECTOR_PACKAGE, "VectorMask"), storage.boxedType());
    }

    /** The type of a key (and of a lane): the storage primitive. */
    public TypeName keyType() {
        return storage.type();
    }

    /**
     * Rows an outer-axis pass folds per load and store of a vector of bests and indices. Where lanes
     * compare as loaded, eight: the load and store weigh much against one comparison per row (the
     * rows meet in a tree, so on AVX2, with sixteen registers, some of the eight index vectors may be
     * spilled and reloaded from the stack: cached loads). Where
     * each row's lanes are mapped to keys first (unsigned, 16-bit floats), the kernels' four: with eight,
     * the JIT stops inlining the 16-bit floats' mapping and boxes every vector, and uint8 outer axes slow
     * down too ({@code ArgOnnxBenchmark}, outer axes).
     */
    public int columnRowsPerPass() {
        return keysAsLoaded() ? 2 * KernelContract.ROWS_PER_PASS : KernelContract.ROWS_PER_PASS;
    }

    /**
     * Whether the rows of an outer-axis pass meet in a tree rather than one after the other: where lanes
     * compare as loaded. Where each row is mapped to keys first, the tree holds every row's keys at once,
     * more than the registers hold, and the rows one after the other run faster ({@code ArgOnnxBenchmark},
     * uint8 and float16 outer axes).
     */
    public boolean meetsRowsInTree() {
        return keysAsLoaded();
    }

    private boolean keysAsLoaded() {
        return comparison == Comparison.SIGNED || comparison == Comparison.IEEE_FLOAT;
    }

    /** Whether NaN must be looked for apart from the keys (IEEE types); 16-bit floats map it to a key. */
    public boolean testsNaN() {
        return comparison == Comparison.IEEE_FLOAT;
    }

    /**
     * How many rows of an outer axis one group of the outer-axis loops spans: the lanes of the data's
     * type hold a row's place in its group, and every value from -1 (no row of this group yet) to
     * {@code indexGroup() - 1} must be exact. Bytes count to 127, shorts to 32767, floats every
     * integer to 2^24; the other types count any axis.
     */
    public int indexGroup() {
        return switch (storage) {
            case BYTE -> Byte.MAX_VALUE + 1;
            case SHORT -> Short.MAX_VALUE + 1;
            case FLOAT -> 1 << 24;
            case INT, LONG, DOUBLE -> Integer.MAX_VALUE;
        };
    }

    /**
     * The lane value of no row place yet, -1, typed so that it also passes as a method argument
     * ({@code Arrays.fill}), where a constant is not narrowed to a byte or short.
     */
    public CodeBlock noPlace() {
        return storage == JavaStorage.INT || storage == JavaStorage.LONG
                ? CodeBlock.of("-1") : CodeBlock.of("($T) -1", storage.type());
    }

    /**
     * The row place an index lane {@code lane} holds, as a term of a {@code long} sum: a floating lane
     * is cast first, so that the sum is not one of floating point.
     */
    public CodeBlock placeOf(CodeBlock lane) {
        return storage.isFloatingPoint() ? CodeBlock.of("(long) $L", lane) : lane;
    }

    /**
     * Whether the outer-axis loops turn a vector of row places into axis indices as vectors: where
     * the places sit in integer lanes, which widen to {@code long} lanes with one sign extension on
     * every x86 vector ISA. Floating lanes need a conversion to integers that AVX2 lacks for
     * {@code long}, so their few lanes per vector are written one at a time.
     */
    public boolean writesPlacesAsVectors() {
        return !storage.isFloatingPoint();
    }

    /**
     * Part {@code part} of the row places in integer lanes {@code places}, as lanes of {@code indexSpecies}
     * ({@code long} lanes of the same vector size); the places themselves where they are {@code long}s.
     */
    public CodeBlock placesAsLongs(CodeBlock places, String indexSpecies, String part) {
        if (storage == JavaStorage.LONG) {
            return places;
        }
        String widening = Character.toUpperCase(storage.primitive().charAt(0)) + "2L";
        return CodeBlock.of("($T) $L.convertShape($T.$L, $N, $L)", indexVectorClass(), places,
                VECTOR_OPERATORS, widening, indexSpecies, part);
    }

    /** {@code LongVector}, whose lanes take axis indices. */
    public static ClassName indexVectorClass() {
        return vectorClassOf(JavaStorage.LONG);
    }

    /** {@code VectorSpecies<Long>} at the vector size of {@link #species}, for axis indices as lanes. */
    public static TypeName indexSpeciesType() {
        return ParameterizedTypeName.get(VECTOR_SPECIES, JavaStorage.LONG.boxedType());
    }

    /** The species of {@link #indexSpeciesType}, at the size the runtime chose. */
    public static CodeBlock indexSpecies() {
        return speciesOf(TypeName.LONG);
    }

    /** An axis index as a lane value for {@code broadcast}: cast where the lane is a floating type. */
    public CodeBlock indexLane(CodeBlock index) {
        if (!storage.isFloatingPoint()) {
            return index;
        }
        // the cast applies to the whole expression: a cast of its first term would add in floating point
        return index.toString().matches("-?\\w+")
                ? CodeBlock.of("($T) $L", storage.type(), index)
                : CodeBlock.of("($T) ($L)", storage.type(), index);
    }

    /**
     * Whether the contiguous row loop screens blocks on the magnitudes of the stored bits: for the
     * sign-magnitude types (IEEE and 16-bit floats). Once the best is zero or on the extremum's side of
     * it, an element beats (or ties) it only with a magnitude above (or equal to) the best's, and every
     * NaN's magnitude is above infinity's, so a block whose magnitudes all stay below needs no keys.
     */
    public boolean screensMagnitudes() {
        return comparison == Comparison.IEEE_FLOAT || comparison == Comparison.SIXTEEN_BIT_FLOAT;
    }

    /** The vector class of magnitudes: integer lanes of the storage width. */
    public ClassName magnitudeVectorClass() {
        return vectorClassOf(magnitudeStorage());
    }

    /** The type of one magnitude lane. */
    public TypeName magnitudeType() {
        return magnitudeStorage().type();
    }

    private JavaStorage magnitudeStorage() {
        return switch (storage) {
            case FLOAT -> JavaStorage.INT;
            case DOUBLE -> JavaStorage.LONG;
            case SHORT -> JavaStorage.SHORT;
            case BYTE, INT, LONG -> throw noMagnitudeScreen();
        };
    }

    /**
     * The magnitudes of the vector loaded from {@code data} at {@code index}: its bits without the sign,
     * as non-negative integer lanes that order like the absolute values (NaN above infinity).
     */
    public CodeBlock magnitudesAt(String index) {
        CodeBlock loaded = CodeBlock.of("$T.fromArray($N, data, $L)", vectorClass(), GeneratedNames.SPECIES, index);
        return switch (storage) {
            case FLOAT -> CodeBlock.of("$L.reinterpretAsInts().lanewise($T.AND, 0x7FFFFFFF)", loaded, VECTOR_OPERATORS);
            case DOUBLE -> CodeBlock.of("$L.reinterpretAsLongs().lanewise($T.AND, 0x7FFFFFFFFFFFFFFFL)", loaded,
                    VECTOR_OPERATORS);
            case SHORT -> CodeBlock.of("$L.lanewise($T.AND, (short) 0x7FFF)", loaded, VECTOR_OPERATORS);
            case BYTE, INT, LONG -> throw noMagnitudeScreen();
        };
    }

    /**
     * The magnitude of a (non-NaN) key held in scalar {@code key}, as a magnitude lane; for 16-bit floats
     * the NaN key counts as the smallest NaN magnitude, which every NaN reaches.
     */
    public CodeBlock magnitudeOfKey(String key) {
        return switch (storage) {
            case FLOAT -> CodeBlock.of("$T.floatToRawIntBits($T.abs($L))", Float.class, Math.class, key);
            case DOUBLE -> CodeBlock.of("$T.doubleToRawLongBits($T.abs($L))", Double.class, Math.class, key);
            case SHORT -> CodeBlock.of("(short) $T.min($T.abs($L), $L + 1)", Math.class, Math.class, key,
                    Comparison.infinityMagnitude(type));
            case BYTE, INT, LONG -> throw noMagnitudeScreen();
        };
    }

    private IllegalStateException noMagnitudeScreen() {
        return new IllegalStateException(type.onnxName() + " has no magnitude screen");
    }

    /** The keys of a vector of stored elements, as an expression. */
    public CodeBlock keys(CodeBlock vector) {
        return switch (comparison) {
            case UNSIGNED -> CodeBlock.of("$L.lanewise($T.XOR, $N)", vector, VECTOR_OPERATORS, GeneratedNames.SIGN_BIT);
            case SIXTEEN_BIT_FLOAT -> CodeBlock.of("$N($L)", GeneratedNames.LANE_KEYS, vector);
            case SIGNED, IEEE_FLOAT -> vector;
        };
    }

    /** The keys of the vector loaded from {@code data} at {@code index}, with the class's species. */
    public CodeBlock keysAt(String index) {
        return keys(CodeBlock.of("$T.fromArray($N, data, $L)", vectorClass(), GeneratedNames.SPECIES, index));
    }

    /** The key of one stored element, as an expression of the storage type. */
    public CodeBlock key(CodeBlock element) {
        return switch (comparison) {
            // byte and short arithmetic is int arithmetic in Java: narrow the result back.
            case UNSIGNED -> type.byteWidth() < 4
                    ? CodeBlock.of("($T) ($L ^ $N)", storage.type(), element, GeneratedNames.SIGN_BIT)
                    : CodeBlock.of("$L ^ $N", element, GeneratedNames.SIGN_BIT);
            case SIXTEEN_BIT_FLOAT -> CodeBlock.of("$N($L)", GeneratedNames.LANE_KEY, element);
            case SIGNED, IEEE_FLOAT -> element;
        };
    }

    /** The constants the key expressions use. */
    public List<FieldSpec> keyConstants() {
        if (comparison != Comparison.UNSIGNED) {
            return List.of();
        }
        return List.of(FieldSpec.builder(storage.type(), GeneratedNames.SIGN_BIT, Modifier.PRIVATE, Modifier.STATIC,
                        Modifier.FINAL)
                .addJavadoc("Flipping it turns the unsigned order of the bits into Java's signed order.\n")
                .initializer("$T.MIN_VALUE", storage.boxedType())
                .build());
    }

    /** The methods the key expressions call: for 16-bit floats, the lane-wise and the one-element mapping. */
    public List<MethodSpec> keyMethods(Extremum extremum) {
        if (comparison != Comparison.SIXTEEN_BIT_FLOAT) {
            return List.of();
        }
        String nanKey = ExtremumSyntax.of(extremum).nanKey();
        ClassName vector = vectorClass();
        MethodSpec laneKeys = MethodSpec.methodBuilder(GeneratedNames.LANE_KEYS)
                .addJavadoc("Maps $L bits to shorts in the order of their values: -0 and +0 both map to 0, and NaN\n"
                        + "maps to {@code Short.$L}, which no number reaches, so that it beats every number.\n",
                        type.onnxName(), nanKey)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(vector)
                .addParameter(vector, "bits")
                .addStatement("$T magnitude = bits.lanewise($T.AND, (short) 0x7FFF)", vector, VECTOR_OPERATORS)
                .addComment("all ones for a set sign bit: (magnitude ^ sign) - sign is then -magnitude")
                .addStatement("$T sign = bits.lanewise($T.ASHR, 15)", vector, VECTOR_OPERATORS)
                .addStatement("$T keys = magnitude.lanewise($T.XOR, sign).sub(sign)", vector, VECTOR_OPERATORS)
                .addStatement("return keys.blend($T.$L, magnitude.compare($T.GT, (short) $L))",
                        Short.class, nanKey, VECTOR_OPERATORS, Comparison.infinityMagnitude(type))
                .build();
        MethodSpec laneKey = MethodSpec.methodBuilder(GeneratedNames.LANE_KEY)
                .addJavadoc("One element's key, as {@link #$N} maps lanes.\n", GeneratedNames.LANE_KEYS)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.SHORT)
                .addParameter(TypeName.SHORT, "bits")
                .addCode(Comparison.sixteenBitKey(type, TypeName.SHORT, nanKey))
                .build();
        return List.of(laneKeys, laneKey);
    }

    /**
     * The lanes where key vector {@code candidate} does not replace key vector {@code best}, as a mask:
     * not strictly nearer the extremum; for IEEE types also a NaN best, which nothing replaces, but
     * never a NaN candidate against a number. The complement of "beats", spelled without a mask
     * {@code not()}, which costs an instruction of its own: blends take their operands the other way.
     */
    public CodeBlock doesNotBeat(CodeBlock candidate, CodeBlock best, Extremum extremum) {
        ExtremumSyntax syntax = ExtremumSyntax.of(extremum);
        CodeBlock ordered = CodeBlock.of("$L.compare($T.$L, $L)", candidate, VECTOR_OPERATORS,
                syntax.vectorDoesNotBeat(), best);
        return testsNaN() ? CodeBlock.of("$L.or($L.compare($T.NE, $L))", ordered, best, VECTOR_OPERATORS, best) : ordered;
    }

    /** Whether scalar key {@code candidate} beats {@code best}: the complement of {@link #doesNotBeat} for one lane. */
    public CodeBlock beatsOne(CodeBlock candidate, CodeBlock best, Extremum extremum) {
        ExtremumSyntax syntax = ExtremumSyntax.of(extremum);
        if (testsNaN()) {
            return CodeBlock.of("!($L $L $L) && $L == $L", candidate, syntax.doesNotBeat(), best, best, best);
        }
        return CodeBlock.of("$L $L $L", candidate, syntax.beats(), best);
    }

    /** For documentation: how the loops compare the elements. */
    public String description() {
        return switch (comparison) {
            case SIGNED -> "Elements compare as signed integers.";
            case UNSIGNED -> "Elements compare as unsigned: the sign bit of every lane is flipped, which turns the\n"
                    + "unsigned order into the signed order lanes compare in.";
            case IEEE_FLOAT -> "Elements compare by value, -0 tying +0; NaN beats every number, so a block whose extreme\n"
                    + "is NaN is searched for its first (last) NaN.";
            case SIXTEEN_BIT_FLOAT -> "Elements compare by value: " + type.onnxName()
                    + " bits are mapped to shorts in value order, -0 and +0\n"
                    + "to 0, NaN to the winning extreme.";
        };
    }
}
