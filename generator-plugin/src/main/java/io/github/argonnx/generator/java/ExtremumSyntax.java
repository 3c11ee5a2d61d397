package io.github.argonnx.generator.java;

import com.palantir.javapoet.CodeBlock;
import io.github.argonnx.generator.model.Extremum;
import java.util.Locale;

/** How Java and the Vector API spell the comparisons toward an {@link Extremum}. */
public enum ExtremumSyntax {
    LARGEST(">", "<=", ">=", "MAX", "GT", "LE", "LT", "MAX_VALUE"),
    SMALLEST("<", ">=", "<=", "MIN", "LT", "GE", "GT", "MIN_VALUE");

    private final String beats;
    private final String doesNotBeat;
    private final String beatsOrTies;
    private final String vectorExtreme;
    private final String vectorBeats;
    private final String vectorDoesNotBeat;
    private final String vectorLoses;
    private final String nanKey;

    ExtremumSyntax(String beats, String doesNotBeat, String beatsOrTies, String vectorExtreme, String vectorBeats,
            String vectorDoesNotBeat, String vectorLoses, String nanKey) {
        this.beats = beats;
        this.doesNotBeat = doesNotBeat;
        this.beatsOrTies = beatsOrTies;
        this.vectorExtreme = vectorExtreme;
        this.vectorBeats = vectorBeats;
        this.vectorDoesNotBeat = vectorDoesNotBeat;
        this.vectorLoses = vectorLoses;
        this.nanKey = nanKey;
    }

    public static ExtremumSyntax of(Extremum extremum) {
        return valueOf(extremum.name());
    }

    /** The Java operator that is true when its left operand is strictly nearer the extremum. */
    public String beats() {
        return beats;
    }

    /**
     * {@code candidate} strictly nearer the extremum than {@code best}, as {@code x < y}: the operands
     * {@code x} and {@code y}, in that order.
     */
    public CodeBlock[] beatsAsLessThan(CodeBlock candidate, CodeBlock best) {
        return this == LARGEST ? new CodeBlock[] {best, candidate} : new CodeBlock[] {candidate, best};
    }

    /** The negation of {@link #beats()} on ordered (non-NaN) operands. */
    public String doesNotBeat() {
        return doesNotBeat;
    }

    /** The Java operator that is true when its left operand is nearer the extremum or equal. */
    public String beatsOrTies() {
        return beatsOrTies;
    }

    /**
     * The {@code VectorOperators} constant of the extremum, {@code MAX} or {@code MIN}, as in
     * {@code reduceLanes(VectorOperators.MAX)}.
     */
    public String vectorExtreme() {
        return vectorExtreme;
    }

    /** The lane-wise method of the extremum, {@code max} or {@code min}. */
    public String lanewise() {
        return vectorExtreme.toLowerCase(Locale.ROOT);
    }

    /** The {@code VectorOperators} comparison that is true when the left lane is strictly nearer the extremum. */
    public String vectorBeats() {
        return vectorBeats;
    }

    /** The negation of {@link #vectorBeats()} on ordered (non-NaN) lanes. */
    public String vectorDoesNotBeat() {
        return vectorDoesNotBeat;
    }

    /** The {@code VectorOperators} comparison that is true when the left lane is strictly farther from the extremum. */
    public String vectorLoses() {
        return vectorLoses;
    }

    /** The constant of a key's wrapper class that NaN maps to so that it beats every number: {@code MAX_VALUE} or {@code MIN_VALUE}. */
    public String nanKey() {
        return nanKey;
    }

    /**
     * {@code acc = acc.max(next)}, or {@code acc = next.min(acc)}: on x86 the JIT prepares the second
     * operand of a floating-point max and the first of a min for the NaN and -0 rules, so the freshly
     * loaded vector goes there and the accumulator's dependency chain stays short (integer lanes do
     * not care).
     */
    public CodeBlock accumulate(String acc, CodeBlock next) {
        return this == LARGEST
                ? CodeBlock.of("$L = $L.$L($L)", acc, acc, lanewise(), next)
                : CodeBlock.of("$L = $L.$L($L)", acc, next, lanewise(), acc);
    }
}
