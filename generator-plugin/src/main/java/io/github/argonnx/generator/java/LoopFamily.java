package io.github.argonnx.generator.java;

import io.github.argonnx.generator.model.ElementType;

/**
 * Which family of scalar loops a kernel of a type gets: decided here once, from the type's number
 * format, and asked by every emitter that picks a loop (the kernel, the partial results' fold). No
 * emitter tests a width or a builder's presence instead. A number format without an answer here fails
 * the build, as it does in the other per-type tables ({@link Comparison}, {@link JavaStorage},
 * {@link VectorForm}, {@link JavaLiterals}).
 *
 * <p>A family names one loop builder per layout, in {@code emit.kernel}, where {@code SliceLoop.of} and
 * {@code ColumnLoop.of} pick it: {@code Slice<Form>Loop} for a contiguous reduced axis,
 * {@code Column<Form>Loop} for an outer one (array input; buffers and the columns after the last whole
 * word take {@code ColumnPlainLoop}). In front of every family, array
 * input first tries the type's SIMD loops ({@code SliceVectorLoop}, {@code ColumnVectorLoop}), where
 * {@link VectorForm} says the type has them.
 */
public enum LoopFamily {
    /**
     * int64 and uint64: the plain walk with the strict test on keys ({@code SlicePlainLoop},
     * {@code ColumnPlainLoop}); a chunk searched against rivals walks from the rival. Their blocks are
     * not screened as 32-bit ones are: C2 does not vectorize the screen of longs, which then slows the
     * walk down ({@code ArgOnnxBenchmark}, int64 with the SIMD loops off).
     */
    PLAIN,
    /**
     * int32 and uint32: the plain walk, and in arrays, after the first block, only the blocks that
     * a branch-free screen finds beating the best ({@code Slice32BitScreenLoop}); outer axes take
     * {@code ColumnPlainLoop}.
     */
    THIRTY_TWO_BIT_SCREENS,
    /**
     * float and double: blocks read with the ordered test alone, NaN caught by sums beside it
     * ({@code SliceIeeeLoop}); outer axes take {@code ColumnPlainLoop}.
     */
    IEEE,
    /**
     * int8 and uint8: eight elements per {@code long} tested at once for one that beats the best
     * ({@code Slice8BitWordLoop}, {@code Column8BitWordLoop}).
     */
    EIGHT_BIT_WORDS,
    /**
     * int16, uint16, float16 and bfloat16: blocks screened on the stored bits, four elements per
     * {@code long} where the JVM allows it ({@code Slice16BitWordLoop}, {@code Column16BitWordLoop}).
     */
    SIXTEEN_BIT_WORDS;

    /** The family of {@code type}'s kernel. */
    public static LoopFamily of(ElementType type) {
        return switch (type.format()) {
            case SIGNED_8, UNSIGNED_8 -> EIGHT_BIT_WORDS;
            case SIGNED_16, UNSIGNED_16, BINARY16, BFLOAT16 -> SIXTEEN_BIT_WORDS;
            case SIGNED_32, UNSIGNED_32 -> THIRTY_TWO_BIT_SCREENS;
            case SIGNED_64, UNSIGNED_64 -> PLAIN;
            case BINARY32, BINARY64 -> IEEE;
        };
    }
}
